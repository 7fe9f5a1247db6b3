import type { LibraryEntry } from '../entry';
import { DOOR_INSPECTION_OCCUPANCIES } from '@shared/item-questions/emergency-exits';

/**
 * Exit signs and egress doors, NFPA 101 (2021) chapter 7. The monthly exit sign check is the
 * principal one: it applies wherever there are exit signs, while the door inspection applies
 * only to some doors in some occupancies (docs/compliance-schedule.md).
 */
export const emergencyExits: readonly LibraryEntry[] = [
  {
    key: 'emergency_exits.monthly-exit-sign-check',
    itemType: 'emergency_exits',
    activity: 'Monthly exit sign check',
    interval: { months: 1 },
    source: 'NFPA 101 (2021) 7.10.9.1',
    principal: true,
  },
  {
    key: 'emergency_exits.monthly-exit-sign-battery-test',
    itemType: 'emergency_exits',
    activity: 'Monthly 30-second exit sign battery test',
    interval: { months: 1 },
    source: 'NFPA 101 (2021) 7.10.9.2, 7.9.3.1.1',
    note: 'Exit signs with batteries',
    appliesWhen: { exit_sign_power: ['battery'] },
  },
  {
    key: 'emergency_exits.annual-exit-sign-battery-test',
    itemType: 'emergency_exits',
    activity: 'Annual 90-minute exit sign battery test',
    interval: { months: 12 },
    source: 'NFPA 101 (2021) 7.10.9.2, 7.9.3.1.1',
    note: 'Exit signs with batteries',
    appliesWhen: { exit_sign_power: ['battery'] },
  },
  {
    key: 'emergency_exits.annual-egress-door-inspection',
    itemType: 'emergency_exits',
    activity: 'Annual egress door inspection',
    interval: { months: 12 },
    source: 'NFPA 101 (2021) ch. 7, Inspection of Door Openings',
    note: 'Doors with panic or fire exit hardware, exit enclosure doors and electrically controlled or specially locked doors, where the occupancy chapter requires it',
    appliesWhen: { egress_doors: ['panic_hardware', 'exit_enclosure', 'special_locking'], exit_occupancy: DOOR_INSPECTION_OCCUPANCIES },
  },
];
