import type { ItemQuestion } from '../item-conditions';

/** NFPA 92 (2021) 8.6: dedicated systems are tested semiannually, non-dedicated ones annually. */
export const smokeControlQuestions: readonly ItemQuestion[] = [
  {
    key: 'smoke_control_kind',
    itemType: 'smoke_control',
    label: 'Is the smoke control system dedicated or does it use the building’s HVAC?',
    hint: 'Dedicated systems are tested every six months, non-dedicated ones every year. Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'dedicated', label: 'Dedicated (its own fans and dampers)' },
      { value: 'non_dedicated', label: 'Non-dedicated (uses the HVAC system)' },
    ],
  },
];
