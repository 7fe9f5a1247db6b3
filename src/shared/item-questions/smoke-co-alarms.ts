import type { ItemQuestion } from '../item-conditions';

/** Which alarms the dwelling units have: smoke alarms are replaced at 10 years, CO alarms by the manufacturer's date. */
export const smokeCoAlarmsQuestions: readonly ItemQuestion[] = [
  {
    key: 'dwelling_alarm_kinds',
    itemType: 'smoke_co_alarms',
    label: 'Which alarms are installed?',
    hint: 'Smoke alarms are replaced 10 years after manufacture; CO alarms at the date their manufacturer gives. Until you answer, both are listed.',
    multiple: true,
    options: [
      { value: 'smoke', label: 'Smoke alarms (or combination smoke and CO alarms)' },
      { value: 'co', label: 'Carbon monoxide alarms (or combination alarms)' },
    ],
  },
];
