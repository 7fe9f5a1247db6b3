import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

/** Private fire service mains and hydrants, NFPA 25 (2023) chapter 7. */
export const privateHydrantsMains: readonly LibraryEntry[] = [
  {
    key: 'private_hydrants_mains.annual-hydrant-inspection-and-test',
    itemType: 'private_hydrants_mains',
    activity: 'Annual hydrant inspection and flow test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) ch. 7',
    note: 'Each hydrant opened fully and flowed until foreign material clears',
    principal: true,
    window: nfpa25Window(12),
  },
  {
    key: 'private_hydrants_mains.5-year-main-flow-test',
    itemType: 'private_hydrants_mains',
    activity: '5-year underground and exposed piping flow test',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) 7.3.1',
  },
];
