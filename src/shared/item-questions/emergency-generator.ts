import type { ItemQuestion } from '../item-conditions';

/** NFPA 110 (2022) chapter 8: the annual load bank test and the 36-month 4-hour test depend on the system. */
export const emergencyGeneratorQuestions: readonly ItemQuestion[] = [
  {
    key: 'generator_monthly_load',
    itemType: 'emergency_generator',
    label: 'Do the monthly tests reach 30% of the nameplate rating (or the manufacturer’s exhaust temperature)?',
    hint: 'A diesel generator that does not is load-bank tested every year. Until you answer, that test is listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    key: 'generator_level',
    itemType: 'emergency_generator',
    label: 'Is it a Level 1 system (its failure could cost lives)?',
    hint: 'Level 1 systems run for 4 hours at least every 36 months. Until you answer, that test is listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];
