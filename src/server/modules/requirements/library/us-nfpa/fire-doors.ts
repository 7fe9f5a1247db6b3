import type { LibraryEntry } from '../entry';

/** Fire door assemblies, NFPA 80 (2022) chapter 5. */
export const fireDoors: readonly LibraryEntry[] = [
  {
    key: 'fire_doors.annual-inspection-and-test',
    itemType: 'fire_doors',
    activity: 'Annual fire door inspection and test',
    interval: { months: 12 },
    source: 'NFPA 80 (2022) 5.2.1',
    note: 'Also after installation and after maintenance work',
    principal: true,
  },
];
