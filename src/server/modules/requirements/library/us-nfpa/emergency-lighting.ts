import type { LibraryEntry } from '../entry';

/** Emergency lighting, NFPA 101 (2021) 7.9.3. */
export const emergencyLighting: readonly LibraryEntry[] = [
  { key: 'emergency_lighting.monthly-30-second-functional-test', itemType: 'emergency_lighting', activity: 'Monthly 30-second functional test', interval: { months: 1 }, source: 'NFPA 101 (2021) 7.9.3.1.1' },
  {
    key: 'emergency_lighting.annual-90-minute-test',
    itemType: 'emergency_lighting',
    activity: 'Annual 90-minute test',
    interval: { months: 12 },
    source: 'NFPA 101 (2021) 7.9.3.1.1',
    note: 'Battery-powered emergency lighting',
    principal: true,
  },
];
