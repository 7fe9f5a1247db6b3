import type { LibraryEntry } from '../entry';

const T = 'kitchen_hood_suppression' as const;
const NFPA_96 = 'NFPA 96 (2024) ch. 12, Schedule of Inspection for Grease Buildup';

/**
 * Kitchen hoods: the wet chemical system (NFPA 17A (2021) chapter 7) and the exhaust system's
 * inspection for grease (NFPA 96), whose frequency follows the volume of cooking.
 */
export const kitchenHoodSuppression: readonly LibraryEntry[] = [
  {
    key: 'kitchen_hood_suppression.semiannual-inspection-and-maintenance',
    itemType: T,
    activity: 'Semiannual suppression system maintenance',
    interval: { months: 6 },
    source: 'NFPA 17A (2021) ch. 7',
    principal: true,
  },
  {
    key: 'kitchen_hood_suppression.fusible-link-replacement',
    itemType: T,
    activity: 'Fusible link replacement',
    interval: { months: 6 },
    source: 'NFPA 17A (2021) ch. 7',
    note: 'Fusible metal alloy detection elements',
    appliesWhen: { hood_detection: ['fusible_link'] },
  },
  {
    key: 'kitchen_hood_suppression.12-year-cylinder-hydrostatic-test',
    itemType: T,
    activity: '12-year cylinder hydrostatic test',
    firstAfter: { months: 144 },
    interval: { months: 144 },
    source: 'NFPA 17A (2021) ch. 7',
    note: 'Agent containers and auxiliary pressure cylinders',
    countsFrom: 'manufacture',
  },
  { key: 'kitchen_hood_suppression.monthly-grease-inspection', itemType: T, activity: 'Monthly exhaust grease inspection', interval: { months: 1 }, source: NFPA_96, note: 'Solid fuel cooking', appliesWhen: { cooking_volume: ['solid_fuel'] } },
  { key: 'kitchen_hood_suppression.quarterly-grease-inspection', itemType: T, activity: 'Quarterly exhaust grease inspection', interval: { months: 3 }, source: NFPA_96, note: 'High-volume cooking (24-hour cooking, charbroiling, wok)', appliesWhen: { cooking_volume: ['high'] } },
  { key: 'kitchen_hood_suppression.semiannual-grease-inspection', itemType: T, activity: 'Semiannual exhaust grease inspection', interval: { months: 6 }, source: NFPA_96, note: 'Moderate-volume cooking', appliesWhen: { cooking_volume: ['moderate'] } },
  { key: 'kitchen_hood_suppression.annual-grease-inspection', itemType: T, activity: 'Annual exhaust grease inspection', interval: { months: 12 }, source: NFPA_96, note: 'Low-volume cooking (churches, day camps, seasonal businesses, senior centres)', appliesWhen: { cooking_volume: ['low'] } },
];
