import { SUBTYPE_QUESTION } from './devices';
import { INSPECTION_TYPE_LABELS, type InspectionType } from './enums';
import { ITEM_QUESTIONS } from './item-questions';

/**
 * One device of a type, in words ("Fire extinguisher"): the item types are named as a
 * property has them, in the plural ("Fire Extinguishers"), and a label or tag page names one.
 */
const SINGULAR: Partial<Record<InspectionType, string>> = {
  smoke_co_alarms: 'Smoke or CO alarm',
  private_hydrants_mains: 'Private hydrant or main',
  fire_smoke_dampers: 'Fire or smoke damper',
  sprinkler_system: 'Sprinkler system',
  other: 'Device',
};

export function deviceTypeLabel(itemType: InspectionType): string {
  const named = SINGULAR[itemType];
  if (named) return named;
  const label = INSPECTION_TYPE_LABELS[itemType] ?? itemType;
  const singular = label.endsWith('s') ? label.slice(0, -1) : label;
  return singular.charAt(0) + singular.slice(1).toLowerCase();
}

/** The short name of a subtype ("Dry chemical" of "Dry chemical, stored pressure (steel…)"), or null. */
export function subtypeLabel(itemType: InspectionType, subtype: string | null): string | null {
  if (!subtype) return null;
  const key = SUBTYPE_QUESTION[itemType];
  const option = ITEM_QUESTIONS.find((q) => q.itemType === itemType && q.key === key)?.options.find((o) => o.value === subtype);
  if (!option) return subtype.replaceAll('_', ' ');
  return option.label.split(/[,(]/)[0]!.trim();
}

/** "Fire extinguisher · Dry chemical · 5 lb": what a label prints under its tag. */
export function deviceKind(device: { itemType: InspectionType; subtype: string | null; rating: string | null }): string {
  return [deviceTypeLabel(device.itemType), subtypeLabel(device.itemType, device.subtype), device.rating].filter(Boolean).join(' · ');
}

/** "North wing · Floor 3 · 301 · by stair B door": where a device is, as typed (a bare number of a floor reads "Floor 3"). */
export function deviceLocationText(location: { building: string | null; floor: string | null; room: string | null; description: string | null }): string {
  const floor = location.floor && (/^-?\d+$/.test(location.floor) ? `Floor ${location.floor}` : location.floor);
  return [location.building, floor, location.room, location.description].filter(Boolean).join(' · ');
}
