import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

/** Water-based fire protection: sprinkler systems, NFPA 25 (2023). */
export const sprinklerSystem: readonly LibraryEntry[] = [
  { key: 'sprinkler_system.quarterly-inspection', itemType: 'sprinkler_system', activity: 'Quarterly inspection', interval: { months: 3 }, source: 'NFPA 25 (2023) Table 5.1.1.2', window: nfpa25Window(3) },
  {
    key: 'sprinkler_system.annual-inspection-and-test',
    itemType: 'sprinkler_system',
    activity: 'Annual inspection and test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) Table 5.1.1.2',
    principal: true,
    window: nfpa25Window(12),
  },
];
