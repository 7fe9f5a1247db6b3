import type { ItemQuestion } from '../item-conditions';

/** NFPA 80 and NFPA 105: dampers are tested every 4 years, every 6 in hospitals. */
export const fireSmokeDampersQuestions: readonly ItemQuestion[] = [
  {
    key: 'dampers_hospital',
    itemType: 'fire_smoke_dampers',
    label: 'Is the building a hospital?',
    hint: 'Dampers are tested every 4 years, every 6 years in hospitals. Until you answer, the 4-year test is listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];
