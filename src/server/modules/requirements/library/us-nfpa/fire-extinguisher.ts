import type { LibraryEntry } from '../entry';

/** Portable fire extinguishers, NFPA 10 (2022). */
export const fireExtinguisher: readonly LibraryEntry[] = [
  { key: 'fire_extinguisher.monthly-visual-inspection', itemType: 'fire_extinguisher', activity: 'Monthly visual inspection', interval: { months: 1 }, source: 'NFPA 10 (2022) 7.2.1.2' },
  { key: 'fire_extinguisher.annual-maintenance', itemType: 'fire_extinguisher', activity: 'Annual maintenance', interval: { months: 12 }, source: 'NFPA 10 (2022) 7.3.1.1.1', principal: true },
  {
    key: 'fire_extinguisher.6-year-internal-examination',
    itemType: 'fire_extinguisher',
    activity: '6-year internal examination',
    interval: { months: 72 },
    source: 'NFPA 10 (2022) ch. 7',
    note: 'Stored-pressure extinguishers that need a 12-year hydrostatic test',
  },
  {
    key: 'fire_extinguisher.hydrostatic-test',
    itemType: 'fire_extinguisher',
    activity: 'Hydrostatic test',
    interval: { months: 144 },
    source: 'NFPA 10 (2022) Table 8.3.1',
    note: 'Every 5 or 12 years by extinguisher type; 12 years (dry chemical) by default',
  },
];
