import type { ItemQuestion } from '../item-conditions';

/** NFPA 25 (2023) chapter 9: the water level check and the interior inspection depend on the tank. */
export const waterStorageTanksQuestions: readonly ItemQuestion[] = [
  {
    key: 'tank_level_alarm',
    itemType: 'water_storage_tanks',
    label: 'Does the tank have supervised water level alarms?',
    hint: 'With supervised level alarms, the water level is checked quarterly; without, monthly. Until you answer, both are listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    key: 'tank_corrosion_protection',
    itemType: 'water_storage_tanks',
    label: 'Is it a steel tank without corrosion protection?',
    hint: 'Its interior is inspected every 3 years; other tanks every 5. Until you answer, both are listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];
