import type { LibraryEntry } from '../entry';

/** Special-hazard suppression systems, clean agent systems under NFPA 2001 (2022) chapter 8. */
export const specialHazardSuppression: readonly LibraryEntry[] = [
  {
    key: 'special_hazard_suppression.semiannual-container-check',
    itemType: 'special_hazard_suppression',
    activity: 'Semiannual agent quantity and pressure check',
    interval: { months: 6 },
    source: 'NFPA 2001 (2022) ch. 8',
    note: 'Clean agent containers',
    appliesWhen: { special_hazard_agent: ['clean_agent'] },
  },
  {
    key: 'special_hazard_suppression.annual-inspection-and-test',
    itemType: 'special_hazard_suppression',
    activity: 'Annual inspection and test',
    interval: { months: 12 },
    source: 'NFPA 2001 (2022) ch. 8',
    note: 'Other agents follow their own standard (carbon dioxide: NFPA 12)',
    principal: true,
  },
];
