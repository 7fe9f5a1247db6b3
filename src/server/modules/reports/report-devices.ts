import { formatDisplayDate } from '@shared/dates';
import { DEVICE_STATUS_LABELS, SUBTYPE_QUESTION, WALKTHROUGH_RESULT_LABELS } from '@shared/devices';
import { humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { ITEM_QUESTIONS } from '@shared/item-conditions';
import { DEFICIENCY_SEVERITY_LABELS, type DeficiencySeverity } from '@shared/records';
import type { DbOrTx } from '../../db/client';
import { write } from '../../pdf/unicode-text';
import { deviceCounts, inventoryDevices, type ReportDeviceRow } from './report-devices.queries';
import type { ReportDrawing } from './report-records';

/**
 * Issue 32 §4: the report's device inventory, one table per safety item that has devices, in
 * walking order, so a fire marshal can walk the building with it and check each tag on the
 * wall: where it is, what it is, whether it is in service, its last result, when it is next
 * due and what is open on it. Kept apart from report-pdf.ts, which lends its table.
 */

/** At most this many devices are listed; a property with more says how many were left out. */
export const REPORT_DEVICE_LIMIT = 5000;

export interface ReportDevice {
  tag: string;
  location: string;
  kind: string;
  status: ReportDeviceRow['status'];
  statusReason: string | null;
  lastResult: ReportDeviceRow['last_result'];
  lastOn: string | null;
  lastActivity: string | null;
  nextDueDate: string | null;
  nextActivity: string | null;
  /** Requirements without a date, by the date the device lacks. */
  unknown: { manufacture: string[]; installation: string[] };
  deficiencies: { severity: DeficiencySeverity; description: string; foundOn: string | null }[];
}

export interface ReportDeviceItem {
  itemType: string;
  devices: ReportDevice[];
  /** On the walls (in or out of service), listed or left out by the limit. */
  listed: number;
  /** Removed or replaced: kept in the app with their history, not on the walls. */
  gone: number;
}

export interface ReportDevices {
  items: ReportDeviceItem[];
  leftOut: number;
}

/** "Floor 3", "Room 301" for bare numbers; words ("Basement", "Boiler room") as typed. */
const numbered = (label: string, value: string | null) => (value ? (/^\d/.test(value) ? `${label} ${value}` : value) : null);

/** "Building A, Floor 3, Room 301; by stair B door". */
export function deviceLocation(row: Pick<ReportDeviceRow, 'building' | 'floor' | 'room' | 'location_description'>): string {
  const place = [row.building, numbered('Floor', row.floor), numbered('Room', row.room)].filter(Boolean).join(', ');
  return [place, row.location_description].filter(Boolean).join('; ') || 'Not recorded';
}

/** The subtype's answer in words, without the long parenthesis ("Dry chemical, stored pressure"), then the rating. */
export function deviceKind(itemType: string, subtype: string | null, rating: string | null): string {
  const question = ITEM_QUESTIONS.find((q) => q.key === SUBTYPE_QUESTION[itemType as InspectionType]);
  const label = subtype ? (question?.options.find((o) => o.value === subtype)?.label ?? humanize(subtype)) : null;
  const short = label && label.length > 30 ? label.replace(/\s*\(.*\)$/, '') : label;
  return [short, rating].filter(Boolean).join('; ') || '-';
}

function toDevice(row: ReportDeviceRow): ReportDevice {
  return {
    tag: row.tag,
    location: deviceLocation(row),
    kind: deviceKind(row.item_type, row.subtype, row.rating),
    status: row.status,
    statusReason: row.status_reason,
    lastResult: row.last_result,
    lastOn: row.last_on,
    lastActivity: row.last_activity,
    nextDueDate: row.next_due_date,
    nextActivity: row.next_activity,
    unknown: { manufacture: row.unknown_manufacture ?? [], installation: row.unknown_installation ?? [] },
    deficiencies: (row.open_deficiencies ?? []).map((d) => ({ severity: d.severity, description: d.description, foundOn: d.found_on })),
  };
}

/** The inventory, or undefined for a property without devices (its report reads as before). */
export async function reportDevices(db: DbOrTx, organizationId: number, propertyId: number): Promise<ReportDevices | undefined> {
  const counts = (await deviceCounts(db, organizationId, propertyId)).rows;
  if (counts.length === 0) return undefined;
  const rows = counts.some((c) => c.listed > 0) ? (await inventoryDevices(db, organizationId, propertyId, REPORT_DEVICE_LIMIT)).rows : [];
  const items = counts
    .map((c) => ({ itemType: c.item_type, listed: c.listed, gone: c.gone, devices: rows.filter((r) => r.item_type === c.item_type).map(toDevice) }))
    .sort((a, b) => typeLabel(a.itemType).localeCompare(typeLabel(b.itemType)));
  const total = counts.reduce((sum, c) => sum + c.listed, 0);
  return { items, leftOut: Math.max(0, total - rows.length) };
}

const typeLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "46 devices" beside an item in the report's item table, or nothing for an item without any. */
export function deviceCountText(devices: ReportDevices | undefined, itemType: string): string {
  const item = devices?.items.find((i) => i.itemType === itemType);
  return item && item.listed > 0 ? ` (${plural(item.listed, 'device', 'devices')})` : '';
}

function lastResultText(d: ReportDevice): string {
  if (!d.lastResult) return 'Not yet inspected';
  const when = d.lastOn ? `, ${formatDisplayDate(d.lastOn)}` : '';
  // A plain completion is recorded for all of the item's units, not tapped on this one.
  const result =
    d.lastResult === 'compliant' ? 'All units: Compliant' : d.lastResult === 'non_compliant' ? 'All units: Non-compliant' : WALKTHROUGH_RESULT_LABELS[d.lastResult];
  return `${result}${when}${d.lastActivity ? `\n${d.lastActivity}` : ''}`;
}

/**
 * The earliest known date, and every requirement whose date is not known: a device with no
 * month of manufacture has no date for what counts from it (decision 042), and says so
 * rather than guessing one.
 */
function nextDueText(d: ReportDevice): string {
  const known = d.nextDueDate ? `${formatDisplayDate(d.nextDueDate)}${d.nextActivity ? `\n${d.nextActivity}` : ''}` : null;
  // Without the parenthesis some activities carry ("(12 years from manufacture)"): the cell is narrow.
  const names = (activities: string[]) => activities.map((a) => a.replace(/\s*\(.*\)$/, '')).join('; ');
  const unknown = [
    d.unknown.manufacture.length ? `Not known, no month of manufacture: ${names(d.unknown.manufacture)}` : null,
    d.unknown.installation.length ? `Not known, no installation date: ${names(d.unknown.installation)}` : null,
  ];
  return [known, ...unknown].filter(Boolean).join('\n') || 'Not known';
}

function deficienciesText(d: ReportDevice): string {
  if (d.deficiencies.length === 0) return 'None';
  return d.deficiencies
    .map((f) => `${DEFICIENCY_SEVERITY_LABELS[f.severity]}${f.foundOn ? ` (found ${formatDisplayDate(f.foundOn)})` : ''}: ${f.description}`)
    .join('\n');
}

/**
 * One table per item, its header repeated on every page it runs over and no row split between
 * pages (the report's table does both), so a long inventory prints as pages a person can hold.
 */
export function drawDeviceInventory(d: ReportDrawing, devices: ReportDevices, today: string): void {
  // On pages of its own, so it can be printed and carried through the building by itself.
  d.doc.addPage();
  d.heading('Device inventory');
  d.paragraph(
    'Every device on the walls (in service or out of service), by safety item, in walking order: building, floor, then the order they are walked. ' +
      'The last result is that of the latest finished walk-through. Each deficiency is described in full, with its corrective action and photos, under "Deficiencies and corrective actions".',
  );
  for (const item of devices.items) {
    // The item's title, its table header and a few rows stay together.
    d.ensureSpace(140);
    d.doc.moveDown(0.6);
    write(d.doc.fontSize(11).fillColor(d.colors.ink), 'bold', `${typeLabel(item.itemType)}: ${plural(item.listed, 'device', 'devices')}`, d.margin, d.doc.y, {
      width: d.contentWidth,
    });
    if (item.gone > 0) d.paragraph(`${plural(item.gone, 'device', 'devices')} removed or replaced ${item.gone === 1 ? 'is' : 'are'} not listed; ${item.gone === 1 ? 'its' : 'their'} history is kept in Firemark.`);
    d.doc.moveDown(0.3);
    if (item.devices.length === 0) continue;
    const cut = d.table(
      [
        { header: 'Tag', width: 50 },
        { header: 'Location', width: 100 },
        { header: 'Type, rating', width: 80 },
        { header: 'Status', width: 52 },
        { header: 'Last result', width: 66 },
        { header: 'Next due', width: 92 },
        { header: 'Open deficiencies', width: d.contentWidth - 440 },
      ],
      item.devices.map((device) => ({
        cells: [
          device.tag,
          device.location,
          device.kind,
          device.status === 'out_of_service' && device.statusReason ? `${DEVICE_STATUS_LABELS[device.status]}: ${device.statusReason}` : DEVICE_STATUS_LABELS[device.status],
          lastResultText(device),
          nextDueText(device),
          deficienciesText(device),
        ],
        colors: [
          d.colors.ink,
          undefined,
          undefined,
          device.status === 'out_of_service' ? d.colors.red : undefined,
          device.lastResult === 'fail' ? d.colors.red : undefined,
          device.nextDueDate && device.nextDueDate < today ? d.colors.red : undefined,
          device.deficiencies.length ? d.colors.red : undefined,
        ],
      })),
    );
    // A cell cut short (a long reason or many findings) is printed whole under the table.
    const inFull = item.devices.filter((_, i) => cut.has(i));
    if (inFull.length > 0) {
      d.doc.moveDown(0.6);
      write(d.doc.fontSize(10).fillColor(d.colors.ink), 'bold', `${typeLabel(item.itemType)}: devices in full`, d.margin, d.doc.y, { width: d.contentWidth });
      for (const device of inFull) {
        d.ensureSpace(40);
        d.doc.moveDown(0.3);
        write(d.doc.fontSize(10).fillColor(d.colors.ink), 'bold', `${device.tag}, ${device.location}`, d.margin, d.doc.y, { width: d.contentWidth });
        if (device.statusReason) d.paragraph(`${DEVICE_STATUS_LABELS[device.status]}: ${device.statusReason}`);
        d.paragraph(`Next due: ${nextDueText(device).replace(/\n/g, '; ')}`);
        d.paragraph(`Open deficiencies: ${deficienciesText(device).replace(/\n/g, '; ')}`, device.deficiencies.length ? d.colors.red : undefined);
      }
    }
  }
  if (devices.leftOut > 0) {
    d.doc.moveDown(0.4);
    d.paragraph(`${plural(devices.leftOut, 'more device is', 'more devices are')} not listed: the report lists at most ${REPORT_DEVICE_LIMIT.toLocaleString('en-US')}.`);
  }
}
