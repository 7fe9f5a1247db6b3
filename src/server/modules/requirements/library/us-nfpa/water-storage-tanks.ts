import type { LibraryEntry } from '../entry';
import { nfpa25Window } from '../windows';

const T = 'water_storage_tanks' as const;

/** Water storage tanks for fire protection, NFPA 25 (2023) chapter 9. */
export const waterStorageTanks: readonly LibraryEntry[] = [
  {
    key: 'water_storage_tanks.monthly-water-level-inspection',
    itemType: T,
    activity: 'Monthly water level inspection',
    interval: { months: 1 },
    source: 'NFPA 25 (2023) ch. 9',
    note: 'Tanks without supervised water level alarms',
    appliesWhen: { tank_level_alarm: ['no'] },
  },
  {
    key: 'water_storage_tanks.quarterly-water-level-inspection',
    itemType: T,
    activity: 'Quarterly water level inspection',
    interval: { months: 3 },
    source: 'NFPA 25 (2023) ch. 9',
    note: 'Tanks with supervised water level alarms',
    appliesWhen: { tank_level_alarm: ['yes'] },
    window: nfpa25Window(3),
  },
  {
    key: 'water_storage_tanks.annual-exterior-inspection',
    itemType: T,
    activity: 'Annual exterior inspection',
    interval: { months: 12 },
    source: 'NFPA 25 (2023) ch. 9',
    note: 'Tank exterior, supporting structure, vents, foundation, catwalks and ladders',
    principal: true,
    window: nfpa25Window(12),
  },
  {
    key: 'water_storage_tanks.3-year-interior-inspection',
    itemType: T,
    activity: '3-year interior inspection',
    interval: { months: 36 },
    source: 'NFPA 25 (2023) ch. 9',
    note: 'Steel tanks without corrosion protection',
    appliesWhen: { tank_corrosion_protection: ['yes'] },
  },
  {
    key: 'water_storage_tanks.5-year-interior-inspection',
    itemType: T,
    activity: '5-year interior inspection',
    interval: { months: 60 },
    source: 'NFPA 25 (2023) ch. 9',
    note: 'Other tanks',
    appliesWhen: { tank_corrosion_protection: ['no'] },
  },
];
