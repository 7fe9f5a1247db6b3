import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import type { CodeSetLibrary, LibraryEntry } from '../entry';
import { canadianSmokeAlarmReplacement } from '../canada-smoke-alarms';
import { annualDefaults, citing } from '../derive';
import { nfpa25BeforeEdition2020 } from '../editions';
import { usNfpa } from '../us-nfpa';

/** The emergency lighting durations of the National Building Code of Canada (2020) 3.2.7.4, which the annual test proves. */
export const NBC_EMERGENCY_LIGHTING_DURATIONS = 'For the design duration: 30 minutes; 1 hour in Group B occupancies; 2 hours in high buildings (NBC (2020) 3.2.7.4)';

/** The water-based systems NFC (2020) 6.4 has inspected, tested and maintained to NFPA 25. */
const NFPA_25_TYPES: readonly InspectionType[] = ['sprinkler_system', 'standpipes', 'private_hydrants_mains', 'water_storage_tanks', 'fire_pump', 'backflow_preventers'];

/** NFPA 10's and NFPA 25's activities (same keys, intervals and conditions as us-nfpa), in the editions NFC (2020) references. */
const borrowed: LibraryEntry[] = [
  ...citing(usNfpa.entries, 'NFPA 10', ['fire_extinguisher']).map(({ entry, section }) => ({ ...entry, source: `NFC (2020) 6.2.1.1; NFPA 10 (2018) ${section}` })),
  ...citing(usNfpa.entries, 'NFPA 25', NFPA_25_TYPES).map(({ entry, section }) => ({ ...nfpa25BeforeEdition2020(entry, 2017), source: `NFC (2020) 6.4.1.1; NFPA 25 (2017) ${section}` })),
];

/**
 * Canada: the National Fire Code of Canada (2020) Division B Part 6, which has fire alarms
 * inspected and tested to CAN/ULC-S536 (2019), extinguishers maintained to NFPA 10 and
 * water-based systems to NFPA 25 in the editions its referenced-documents table names, and
 * emergency lighting unit equipment tested monthly and yearly for the National Building Code's
 * durations. Never NFPA 101. Same keys as us-nfpa where the activity is the same;
 * docs/compliance-schedule.md ("Code sets") says which sections are readings.
 */
const rows: LibraryEntry[] = [
  ...borrowed,
  { key: 'emergency_lighting.monthly-30-second-functional-test', itemType: 'emergency_lighting', activity: 'Monthly inspection and test', interval: { months: 1 }, source: 'NFC (2020) Part 6, emergency lighting unit equipment' },
  {
    key: 'emergency_lighting.annual-90-minute-test',
    itemType: 'emergency_lighting',
    activity: 'Annual duration test',
    interval: { months: 12 },
    appliesWhen: { lighting_power: ['battery'] },
    source: 'NFC (2020) Part 6, emergency lighting unit equipment',
    note: NBC_EMERGENCY_LIGHTING_DURATIONS,
    principal: true,
  },
  {
    key: 'emergency_exits.monthly-exit-sign-check',
    itemType: 'emergency_exits',
    activity: 'Monthly exit sign check',
    interval: { months: 1 },
    source: 'NFC (2020) 2.7.3; Part 6, unit equipment',
    note: 'Exit signs lit while the building is occupied; those on battery unit equipment are tested with it',
    principal: true,
  },
  { key: 'smoke_detectors.annual-functional-test', itemType: 'smoke_detectors', activity: 'Annual test', interval: { months: 12 }, appliesWhen: { detector_kind: ['system'] }, source: 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)', principal: true },
  canadianSmokeAlarmReplacement('CAN/ULC-S552 5.4.1; the NFC (2020) article not confirmed'),
  { key: 'fire_alarm.monthly-test', itemType: 'fire_alarm', activity: 'Monthly test', interval: { months: 1 }, source: 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)' },
  { key: 'fire_alarm.annual-test', itemType: 'fire_alarm', activity: 'Annual inspection and test', interval: { months: 12 }, source: 'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)', principal: true },
];
rows.push(...annualDefaults('NFC', rows, INSPECTION_TYPES.filter((t) => t !== 'other'), usNfpa.entries));
rows.push({ key: 'other.annual-inspection', itemType: 'other', activity: 'Annual inspection', interval: { months: 12 }, source: 'Firemark default', principal: true });

export const caNfc: CodeSetLibrary = { codeSet: 'ca-nfc', entries: rows };
