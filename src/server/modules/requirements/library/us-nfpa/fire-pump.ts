import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

const T = 'fire_pump' as const;

/** Fire pumps, NFPA 25 (2023) chapter 8: churn (no-flow) tests by driver, and the annual flow test. */
export const firePump: readonly LibraryEntry[] = [
  {
    key: 'fire_pump.weekly-no-flow-test',
    itemType: T,
    activity: 'Weekly no-flow test (diesel)',
    interval: { days: 7 },
    source: 'NFPA 25 (2023) 8.3.1',
    note: 'Diesel-driven pumps, at least 30 minutes',
    appliesWhen: { pump_driver: ['diesel'] },
  },
  {
    key: 'fire_pump.monthly-no-flow-test',
    itemType: T,
    activity: 'Monthly no-flow test (electric)',
    interval: { months: 1 },
    source: 'NFPA 25 (2023) 8.3.1',
    note: 'Electric pumps, at least 10 minutes; weekly instead in the cases the standard lists',
    appliesWhen: { pump_driver: ['electric'] },
  },
  {
    key: 'fire_pump.annual-flow-test',
    itemType: T,
    activity: 'Annual flow test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) 8.3.3',
    principal: true,
    window: nfpa25Window(12),
  },
];
