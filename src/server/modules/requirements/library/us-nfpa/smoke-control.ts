import type { LibraryEntry } from '../entry';

/**
 * Smoke control systems, NFPA 92 (2021) 8.6. The semiannual test of a dedicated system is the
 * principal one (most systems are dedicated, or have dedicated parts); a non-dedicated system,
 * which runs on the building's HVAC, is tested every year.
 */
export const smokeControl: readonly LibraryEntry[] = [
  {
    key: 'smoke_control.semiannual-test-dedicated',
    itemType: 'smoke_control',
    activity: 'Semiannual test (dedicated system)',
    interval: { months: 6 },
    source: 'NFPA 92 (2021) 8.6',
    note: 'Dedicated systems: every control sequence, on standby power where there is one',
    principal: true,
    appliesWhen: { smoke_control_kind: ['dedicated'] },
  },
  {
    key: 'smoke_control.annual-test-non-dedicated',
    itemType: 'smoke_control',
    activity: 'Annual test (non-dedicated system)',
    interval: { months: 12 },
    source: 'NFPA 92 (2021) 8.6',
    note: 'Non-dedicated systems, using the building’s HVAC',
    appliesWhen: { smoke_control_kind: ['non_dedicated'] },
  },
];
