import type { LibraryEntry } from '../entry';

const T = 'emergency_generator' as const;

/** Emergency generators and their transfer switches, NFPA 110 (2022) chapter 8. */
export const emergencyGenerator: readonly LibraryEntry[] = [
  { key: 'emergency_generator.weekly-inspection', itemType: T, activity: 'Weekly inspection', interval: { days: 7 }, source: 'NFPA 110 (2022) 8.4.1' },
  {
    key: 'emergency_generator.monthly-load-test',
    itemType: T,
    activity: 'Monthly 30-minute load test',
    interval: { months: 1 },
    source: 'NFPA 110 (2022) 8.4.2',
    note: 'At least 30% of the nameplate rating, or the manufacturer’s minimum exhaust temperature',
    principal: true,
  },
  { key: 'emergency_generator.monthly-transfer-switch-test', itemType: T, activity: 'Monthly transfer switch test', interval: { months: 1 }, source: 'NFPA 110 (2022) 8.4.6' },
  {
    key: 'emergency_generator.annual-load-bank-test',
    itemType: T,
    activity: 'Annual load bank test',
    interval: { months: 12 },
    source: 'NFPA 110 (2022) 8.4.2.3',
    note: 'Diesel generators whose monthly tests do not reach 30% of the nameplate rating',
    appliesWhen: { generator_monthly_load: ['no'] },
  },
  {
    key: 'emergency_generator.36-month-4-hour-test',
    itemType: T,
    activity: '4-hour test every 36 months',
    interval: { months: 36 },
    source: 'NFPA 110 (2022) 8.4.9',
    note: 'Level 1 systems',
    appliesWhen: { generator_level: ['yes'] },
  },
];
