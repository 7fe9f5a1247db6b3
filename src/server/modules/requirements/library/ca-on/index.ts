import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import type { CodeSetLibrary, LibraryEntry } from '../entry';
import { canadianSmokeAlarmReplacement } from '../canada-smoke-alarms';
import { annualDefaults, citing } from '../derive';
import { nfpa25BeforeEdition2020 } from '../editions';
import { usNfpa } from '../us-nfpa';

/** The durations Ontario's Building Code asks of emergency lighting, which the annual test proves. */
const ONTARIO_DURATIONS = 'For the design duration: 30 minutes; 1 hour in Group B occupancies; 2 hours in high buildings (Building Code 3.2.7.4)';

/** Where OFC Part 6 sends each water-based system to NFPA 25 (2014) (Table 1.2.1.A as O. Reg. 108/18 amended it). */
const NFPA_25_ARTICLES: Partial<Record<InspectionType, string>> = {
  sprinkler_system: '6.5.1.1',
  standpipes: '6.4.1.6',
  private_hydrants_mains: '6.6.1.5',
  water_storage_tanks: 'Part 6',
  fire_pump: 'Part 6',
  backflow_preventers: 'Part 6',
};

/** NFPA 10's and NFPA 25's activities (same keys, intervals and conditions as us-nfpa), as OFC Part 6 enforces them. */
const borrowed: LibraryEntry[] = [
  ...citing(usNfpa.entries, 'NFPA 10', ['fire_extinguisher']).map(({ entry, section }) => ({ ...entry, source: `OFC (O. Reg. 213/07) 6.2; NFPA 10 ${section}` })),
  ...citing(usNfpa.entries, 'NFPA 25', Object.keys(NFPA_25_ARTICLES) as InspectionType[]).map(({ entry, section }) => ({
    ...nfpa25BeforeEdition2020(entry, 2014),
    source: `OFC (O. Reg. 213/07) ${NFPA_25_ARTICLES[entry.itemType]}; NFPA 25 (2014) ${section}`,
  })),
];

/**
 * Ontario: the Ontario Fire Code (O. Reg. 213/07, as amended) Division B Part 6, which Ontario
 * enforces instead of the National Fire Code: extinguishers to NFPA 10 (6.2), fire alarms to
 * CAN/ULC-S536 (6.3), sprinklers to NFPA 25 (2014) (6.5.1.1, as O. Reg. 108/18 amended its
 * Table 1.2.1.A), emergency lighting unit equipment and exit signs in 6.7. Never NFPA 101. Same
 * keys as us-nfpa where the activity is the same; docs/compliance-schedule.md ("Code sets")
 * says which sections are readings.
 */
const rows: LibraryEntry[] = [
  ...borrowed,
  { key: 'emergency_lighting.monthly-30-second-functional-test', itemType: 'emergency_lighting', activity: 'Monthly inspection and test', interval: { months: 1 }, source: 'OFC (O. Reg. 213/07) 6.7.1.6' },
  {
    key: 'emergency_lighting.annual-90-minute-test',
    itemType: 'emergency_lighting',
    activity: 'Annual duration test',
    interval: { months: 12 },
    appliesWhen: { lighting_power: ['battery'] },
    source: 'OFC (O. Reg. 213/07) 6.7.1',
    note: ONTARIO_DURATIONS,
    principal: true,
  },
  {
    key: 'emergency_exits.monthly-exit-sign-check',
    itemType: 'emergency_exits',
    activity: 'Monthly exit sign check',
    interval: { months: 1 },
    source: 'OFC (O. Reg. 213/07) 2.7.3; 6.7',
    note: 'Exit signs clearly visible, legible and lit while the building is occupied',
    principal: true,
  },
  { key: 'smoke_detectors.annual-functional-test', itemType: 'smoke_detectors', activity: 'Annual test', interval: { months: 12 }, appliesWhen: { detector_kind: ['system'] }, source: 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536', principal: true },
  // Smoke alarms are kept in operating condition (6.3.3), so replaced as their manufacturer says.
  canadianSmokeAlarmReplacement("OFC (O. Reg. 213/07) 6.3.3; the manufacturer's instructions"),
  { key: 'fire_alarm.monthly-test', itemType: 'fire_alarm', activity: 'Monthly test', interval: { months: 1 }, source: 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536' },
  { key: 'fire_alarm.annual-test', itemType: 'fire_alarm', activity: 'Annual inspection and test', interval: { months: 12 }, source: 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536', principal: true },
];
rows.push(...annualDefaults('OFC', rows, INSPECTION_TYPES.filter((t) => t !== 'other'), usNfpa.entries));
rows.push({ key: 'other.annual-inspection', itemType: 'other', activity: 'Annual inspection', interval: { months: 12 }, source: 'Firemark default', principal: true });

export const caOn: CodeSetLibrary = { codeSet: 'ca-on', entries: rows };
