import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

const T = 'sprinkler_system' as const;

/**
 * Water-based fire protection: sprinkler systems, NFPA 25 (2023) Table 5.1.1.2 with the common
 * components of chapter 13 (valves, backflow preventers) and the internal assessment of
 * chapter 14. Sprinkler field tests count from installation: the first comes after 50, 20, 15
 * or 5 years by kind, then every 10 years (5 in harsh environments), which a person sets by
 * shortening the interval after the first test (never flagged below the code minimum).
 */
export const sprinklerSystem: readonly LibraryEntry[] = [
  { key: 'sprinkler_system.quarterly-inspection', itemType: T, activity: 'Quarterly inspection', interval: { months: 3 }, source: 'NFPA 25 (2023) Table 5.1.1.2', window: nfpa25Window(3) },
  {
    key: 'sprinkler_system.annual-inspection-and-test',
    itemType: T,
    activity: 'Annual inspection and test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) Table 5.1.1.2',
    principal: true,
    window: nfpa25Window(12),
  },
  {
    key: 'sprinkler_system.weekly-control-valve-inspection',
    itemType: T,
    activity: 'Weekly control valve inspection',
    interval: { days: 7 },
    source: 'NFPA 25 (2023) 13.3.2.1',
    note: 'Sealed control valves',
    appliesWhen: { valve_securing: ['sealed'] },
  },
  {
    key: 'sprinkler_system.monthly-control-valve-inspection',
    itemType: T,
    activity: 'Monthly control valve inspection',
    interval: { months: 1 },
    source: 'NFPA 25 (2023) 13.3.2.1.1',
    note: 'Locked control valves',
    appliesWhen: { valve_securing: ['locked'] },
  },
  {
    key: 'sprinkler_system.quarterly-control-valve-inspection',
    itemType: T,
    activity: 'Quarterly control valve inspection',
    interval: { months: 3 },
    source: 'NFPA 25 (2023) 13.3.2.1.2',
    note: 'Electrically supervised control valves',
    appliesWhen: { valve_securing: ['supervised'] },
    window: nfpa25Window(3),
  },
  {
    key: 'sprinkler_system.monthly-dry-system-gauge-inspection',
    itemType: T,
    activity: 'Monthly dry and preaction gauge inspection',
    interval: { months: 1 },
    source: 'NFPA 25 (2023) Table 5.1.1.2',
    note: 'Gauges of dry pipe, preaction and deluge systems',
    appliesWhen: { sprinkler_system_kinds: ['dry', 'preaction', 'deluge'] },
  },
  {
    key: 'sprinkler_system.annual-backflow-forward-flow-test',
    itemType: T,
    activity: 'Annual backflow preventer forward-flow test',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) ch. 13, Backflow Prevention Assemblies',
    note: 'Where a backflow preventer is not kept as its own Backflow Preventers item',
    appliesWhen: { sprinkler_backflow: ['yes'] },
    window: nfpa25Window(12),
  },
  {
    key: 'sprinkler_system.5-year-internal-pipe-assessment',
    itemType: T,
    activity: '5-year internal assessment of piping',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) 14.2.1',
  },
  {
    key: 'sprinkler_system.5-year-gauge-replacement-or-test',
    itemType: T,
    activity: '5-year gauge replacement or test',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) Table 5.1.1.2',
    note: 'Replaced, or tested against a calibrated gauge',
  },
  {
    key: 'sprinkler_system.sprinkler-field-test-standard',
    itemType: T,
    activity: 'Sprinkler field test at 50 years',
    firstAfter: { months: 600 },
    interval: { months: 120 },
    source: 'NFPA 25 (2023) 5.3.1',
    note: 'Standard-response sprinklers, 50 years after installation, then every 10 years',
    appliesWhen: { sprinkler_kinds: ['standard'] },
    countsFrom: 'installation',
  },
  {
    key: 'sprinkler_system.sprinkler-field-test-fast-response',
    itemType: T,
    activity: 'Sprinkler field test at 20 years',
    firstAfter: { months: 240 },
    interval: { months: 120 },
    source: 'NFPA 25 (2023) 5.3.1',
    note: 'Fast-response sprinklers, 20 years after installation, then every 10 years',
    appliesWhen: { sprinkler_kinds: ['fast_response'] },
    countsFrom: 'installation',
  },
  {
    key: 'sprinkler_system.sprinkler-field-test-dry',
    itemType: T,
    activity: 'Dry sprinkler field test at 15 years',
    firstAfter: { months: 180 },
    interval: { months: 120 },
    source: 'NFPA 25 (2023) 5.3.1',
    note: 'Dry sprinklers, 15 years after installation, then every 10 years',
    appliesWhen: { sprinkler_kinds: ['dry'] },
    countsFrom: 'installation',
  },
  {
    key: 'sprinkler_system.sprinkler-field-test-harsh',
    itemType: T,
    activity: '5-year sprinkler field test',
    firstAfter: { months: 60 },
    interval: { months: 60 },
    source: 'NFPA 25 (2023) 5.3.1',
    note: 'Sprinklers in harsh environments and extra-high temperature solder-type sprinklers',
    appliesWhen: { sprinkler_kinds: ['harsh'] },
    countsFrom: 'installation',
  },
];
