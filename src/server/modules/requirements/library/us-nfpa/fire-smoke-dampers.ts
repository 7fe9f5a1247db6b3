import type { LibraryEntry } from '../entry';

const SOURCE = 'NFPA 80 (2022) 19.4.1; NFPA 105 (2022) 6.5.2';

/**
 * Fire dampers (NFPA 80) and smoke dampers (NFPA 105): tested 1 year after installation, then
 * every 4 years, every 6 in hospitals. The first test after installation is a note, not a row:
 * a requirement has one interval.
 */
export const fireSmokeDampers: readonly LibraryEntry[] = [
  {
    key: 'fire_smoke_dampers.4-year-test-and-inspection',
    itemType: 'fire_smoke_dampers',
    activity: 'Damper test and inspection',
    interval: { months: 48 },
    source: SOURCE,
    note: '1 year after installation, then every 4 years',
    principal: true,
    appliesWhen: { dampers_hospital: ['no'] },
  },
  {
    key: 'fire_smoke_dampers.6-year-test-and-inspection-hospitals',
    itemType: 'fire_smoke_dampers',
    activity: 'Damper test and inspection (hospitals)',
    interval: { months: 72 },
    source: SOURCE,
    note: 'Hospitals: 1 year after installation, then every 6 years',
    appliesWhen: { dampers_hospital: ['yes'] },
  },
];
