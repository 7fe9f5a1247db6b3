import type { ItemQuestion } from '../item-conditions';

/** Whether the fire alarm system monitors waterflow switches (NFPA 72 (2022) Table 14.4.3.2, semiannual). */
export const fireAlarmQuestions: readonly ItemQuestion[] = [
  {
    key: 'alarm_waterflow',
    itemType: 'fire_alarm',
    label: 'Does the fire alarm system monitor sprinkler waterflow switches?',
    hint: 'Waterflow switches are tested every six months. Until you answer, that test is listed.',
    multiple: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
];
