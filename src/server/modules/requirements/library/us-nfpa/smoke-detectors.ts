import type { LibraryEntry } from '../entry';

/** Smoke detectors of a fire alarm system, NFPA 72 (2022) chapter 14. */
export const smokeDetectors: readonly LibraryEntry[] = [
  { key: 'smoke_detectors.annual-functional-test', itemType: 'smoke_detectors', activity: 'Annual functional test', interval: { months: 12 }, source: 'NFPA 72 (2022) Table 14.4.3.2', principal: true },
  {
    key: 'smoke_detectors.sensitivity-test',
    itemType: 'smoke_detectors',
    activity: 'Sensitivity test',
    interval: { months: 24 },
    source: 'NFPA 72 (2022) ch. 14',
    note: 'Within 1 year of installation, then every alternate year',
  },
];
