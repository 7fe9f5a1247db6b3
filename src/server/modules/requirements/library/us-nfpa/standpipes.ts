import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

/** Standpipe and hose systems, NFPA 25 (2023) chapter 6. */
export const standpipes: readonly LibraryEntry[] = [
  {
    key: 'standpipes.annual-inspection',
    itemType: 'standpipes',
    activity: 'Annual inspection',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) 6.2.1',
    principal: true,
    window: nfpa25Window(12),
  },
  {
    key: 'standpipes.5-year-flow-test',
    itemType: 'standpipes',
    activity: '5-year flow test',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) 6.3.1',
    note: 'Automatic and semiautomatic dry standpipes, at the hydraulically most remote outlet',
    appliesWhen: { standpipe_kind: ['automatic', 'semiautomatic_dry'] },
  },
  {
    key: 'standpipes.5-year-hydrostatic-test',
    itemType: 'standpipes',
    activity: '5-year hydrostatic test',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) 6.3.2',
    note: 'Manual standpipes and semiautomatic dry standpipes',
    appliesWhen: { standpipe_kind: ['manual', 'semiautomatic_dry'] },
  },
];
