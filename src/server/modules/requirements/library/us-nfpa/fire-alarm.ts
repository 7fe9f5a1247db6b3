import type { LibraryEntry } from '../entry';

/** Fire alarm systems, NFPA 72 (2022) chapter 14: the annual test and the semiannual items. */
export const fireAlarm: readonly LibraryEntry[] = [
  { key: 'fire_alarm.annual-test', itemType: 'fire_alarm', activity: 'Annual test', interval: { months: 12 }, source: 'NFPA 72 (2022) Table 14.4.3.2', principal: true },
  {
    key: 'fire_alarm.semiannual-initiating-device-inspection',
    itemType: 'fire_alarm',
    activity: 'Semiannual visual inspection of initiating devices',
    interval: { months: 6 },
    source: 'NFPA 72 (2022) Table 14.3.1',
    note: 'Manual pull stations, detectors and other initiating devices; supervisory and waterflow devices quarterly',
  },
  {
    key: 'fire_alarm.semiannual-sealed-battery-inspection',
    itemType: 'fire_alarm',
    activity: 'Semiannual sealed battery inspection',
    interval: { months: 6 },
    source: 'NFPA 72 (2022) Table 14.3.1',
    note: 'Sealed (valve-regulated) lead-acid batteries; vented lead-acid and primary batteries monthly',
  },
  {
    key: 'fire_alarm.semiannual-waterflow-switch-test',
    itemType: 'fire_alarm',
    activity: 'Semiannual waterflow switch test',
    interval: { months: 6 },
    source: 'NFPA 72 (2022) Table 14.4.3.2',
    note: 'Where the system monitors sprinkler waterflow switches',
    appliesWhen: { alarm_waterflow: ['yes'] },
  },
];
