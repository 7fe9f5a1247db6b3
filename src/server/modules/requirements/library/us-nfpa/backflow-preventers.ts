import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

/** Backflow preventers on fire protection lines, NFPA 25 (2023) chapter 13. */
export const backflowPreventers: readonly LibraryEntry[] = [
  {
    key: 'backflow_preventers.annual-forward-flow-test',
    itemType: 'backflow_preventers',
    activity: 'Annual forward-flow test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) ch. 13, Backflow Prevention Assemblies',
    note: 'At the system demand flow; the water purveyor may also ask for its own backflow test',
    principal: true,
    window: nfpa25Window(12),
  },
];
