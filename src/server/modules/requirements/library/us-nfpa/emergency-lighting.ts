import type { LibraryEntry } from '../entry';

/**
 * Emergency lighting, NFPA 101 (2021) 7.9.3. The monthly 30-second test is for every system;
 * the annual 90-minute test for battery-powered ones. Lighting fed by a generator follows
 * NFPA 110 (7.9.2.4): the Emergency Generator item's requirements, not a row here.
 */
export const emergencyLighting: readonly LibraryEntry[] = [
  { key: 'emergency_lighting.monthly-30-second-functional-test', itemType: 'emergency_lighting', activity: 'Monthly 30-second functional test', interval: { months: 1 }, source: 'NFPA 101 (2021) 7.9.3.1.1' },
  {
    key: 'emergency_lighting.annual-90-minute-test',
    itemType: 'emergency_lighting',
    activity: 'Annual 90-minute test',
    interval: { months: 12 },
    source: 'NFPA 101 (2021) 7.9.3.1.1',
    note: 'Battery-powered emergency lighting; a generator follows NFPA 110 (Emergency Generator)',
    principal: true,
    appliesWhen: { lighting_power: ['battery'] },
  },
];
