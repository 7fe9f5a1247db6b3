import type { LibraryEntry } from '../entry';

/** Exit signs and egress doors, NFPA 101 (2021) chapter 7. */
export const emergencyExits: readonly LibraryEntry[] = [
  { key: 'emergency_exits.monthly-exit-sign-check', itemType: 'emergency_exits', activity: 'Monthly exit sign check', interval: { months: 1 }, source: 'NFPA 101 (2021) 7.10.9.1' },
  {
    key: 'emergency_exits.annual-egress-door-inspection',
    itemType: 'emergency_exits',
    activity: 'Annual egress door inspection',
    interval: { months: 12 },
    source: 'NFPA 101 (2021) ch. 7, Inspection of Door Openings',
    note: 'Where the occupancy chapter requires it',
    principal: true,
  },
];
