import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { DEVICE_STATUS_LABELS, SUBTYPE_QUESTION } from '@shared/devices';
import { ITEM_QUESTIONS } from '@shared/item-conditions';
import type { DeviceResponse } from '@shared/schemas/device';

export const itemLabel = (type: InspectionType) => INSPECTION_TYPE_LABELS[type] ?? type;

/** The subtype's choices for an item (the extinguisher's agents), from its question; none where the code draws no line. */
export function subtypeOptions(type: InspectionType | '' | undefined): readonly { value: string; label: string }[] {
  const key = type ? SUBTYPE_QUESTION[type] : undefined;
  if (!key) return [];
  return ITEM_QUESTIONS.find((q) => q.itemType === type && q.key === key)?.options ?? [];
}

/** The subtype's words ("Carbon dioxide (CO2)"); an unknown value is shown as stored. */
export function subtypeLabel(type: InspectionType, subtype: string | null): string | null {
  if (!subtype) return null;
  return subtypeOptions(type).find((o) => o.value === subtype)?.label ?? subtype;
}

/** "Dry chemical, stored pressure · 5 lb ABC": what kind of unit it is. */
export function kindText(device: Pick<DeviceResponse, 'itemType' | 'subtype' | 'rating'>): string {
  return [subtypeLabel(device.itemType, device.subtype), device.rating].filter(Boolean).join(' · ');
}

/** A floor written as a bare number reads "Floor 3"; "Basement" or "Roof" stay as written. */
export const floorText = (floor: string) => (/^-?\d+$/.test(floor) ? `Floor ${floor}` : floor);

/** A room written as a bare number reads "Room 301"; "Plant room" stays as written. */
export const roomText = (room: string) => (/^[A-Z]?-?\d+[A-Z]?$/i.test(room) ? `Room ${room}` : room);

/** "North wing · Floor 3": the group a device is walked in. */
export function buildingFloorText(location: DeviceResponse['location']): string {
  return [location.building, location.floor ? floorText(location.floor) : null].filter(Boolean).join(' · ') || 'No building or floor given';
}

/** "Room 301 · by stair B door": where on the floor. */
export function spotText(location: DeviceResponse['location']): string {
  return [location.room ? roomText(location.room) : null, location.description].filter(Boolean).join(' · ');
}

/** The whole location in one line, for a page that shows one device. */
export function locationText(location: DeviceResponse['location']): string {
  const parts = [location.building, location.floor ? floorText(location.floor) : null, location.room ? roomText(location.room) : null, location.description].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Not given';
}

export const statusLabel = (device: Pick<DeviceResponse, 'status'>) => DEVICE_STATUS_LABELS[device.status];

/** "2019-04" as "April 2019", the way a label gives it. */
export function monthText(month: string | null): string {
  if (!month) return '';
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
