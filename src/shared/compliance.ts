import { addMonths, format, parseISO } from 'date-fns';
import type { ComplianceItemStatus, InspectionType, PropertyStatus } from './enums';

/**
 * How long an inspection of each item type stays valid (DECISIONS "Compliance model"): the
 * professional annual inspections of US practice. One table, with its source, so that it can
 * be refined per type and later per item.
 */
export const ITEM_INTERVALS: Record<InspectionType, { months: number; source: string }> = {
  fire_extinguisher: { months: 12, source: 'NFPA 10 annual maintenance' },
  sprinkler_system: { months: 12, source: 'NFPA 25 annual inspection' },
  emergency_lighting: { months: 12, source: 'NFPA 101 7.9.3 annual 90-minute test' },
  emergency_exits: { months: 12, source: 'NFPA 101 means of egress, annual review' },
  smoke_detectors: { months: 12, source: 'NFPA 72 annual functional test' },
  fire_alarm: { months: 12, source: 'NFPA 72 annual functional test' },
  other: { months: 12, source: 'Annual by default' },
};

/** Days ahead within which something is "due soon" (SPEC 9). */
export const DUE_SOON_DAYS = 7;
/** The upcoming window of the dashboard and /inspections/upcoming (SPEC 9). */
export const UPCOMING_DAYS = 30;

/** Adds days to a calendar date ("YYYY-MM-DD"), with no time zone involved. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function nextDueDateAfter(itemType: InspectionType, inspectedOn: string): string {
  return format(addMonths(parseISO(inspectedOn), ITEM_INTERVALS[itemType].months), 'yyyy-MM-dd');
}

/**
 * An item's status as shown: overdue or due soon by its next due date (unless its last result
 * already says non_compliant), otherwise what was last recorded. The SQL in
 * server/modules/properties/compliance.sql.ts is the same rule.
 */
export function effectiveItemStatus(
  item: { status: ComplianceItemStatus; nextDueDate: string | null },
  today: string,
): ComplianceItemStatus {
  if (item.status === 'non_compliant' || !item.nextDueDate) return item.status;
  if (item.nextDueDate < today) return 'overdue';
  if (item.nextDueDate <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  return item.status;
}

/** A property's status from its items' effective statuses (DECISIONS). */
export function propertyStatusFrom(items: { status: ComplianceItemStatus; lastInspectionDate: string | null }[]): PropertyStatus {
  if (!items.some((i) => i.lastInspectionDate)) return 'pending';
  if (items.some((i) => i.status === 'non_compliant' || i.status === 'overdue')) return 'non_compliant';
  if (items.some((i) => i.status === 'due_soon')) return 'due_soon';
  return 'compliant';
}

/** SPEC 4, "Compliance status display". */
export const COMPLIANCE_STATUS_DISPLAY: Record<string, { label: string; tone: 'green' | 'yellow' | 'red' | 'grey' }> = {
  compliant: { label: 'Compliant', tone: 'green' },
  due_soon: { label: 'Due Soon', tone: 'yellow' },
  overdue: { label: 'Overdue', tone: 'red' },
  non_compliant: { label: 'Action Needed', tone: 'red' },
  never_inspected: { label: 'Never Inspected', tone: 'grey' },
};

export function complianceStatusDisplay(status: string) {
  return COMPLIANCE_STATUS_DISPLAY[status] ?? { label: 'Unknown', tone: 'grey' as const };
}

/** Inspections: overdue and due soon are derived for open inspections, never stored. */
export type InspectionDisplayStatus = 'scheduled' | 'in_progress' | 'completed' | 'cancelled' | 'overdue' | 'due_soon';

export function inspectionDisplayStatus(
  inspection: { status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled'; dueDate: string },
  today: string,
): InspectionDisplayStatus {
  if (inspection.status !== 'scheduled' && inspection.status !== 'in_progress') return inspection.status;
  if (inspection.dueDate < today) return 'overdue';
  if (inspection.dueDate <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  return inspection.status;
}
