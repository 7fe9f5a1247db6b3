import type { LibraryEntry } from '../entry';

/** Fire alarm systems, NFPA 72 (2022) chapter 14. */
export const fireAlarm: readonly LibraryEntry[] = [
  { key: 'fire_alarm.annual-test', itemType: 'fire_alarm', activity: 'Annual test', interval: { months: 12 }, source: 'NFPA 72 (2022) Table 14.4.3.2', principal: true },
];
