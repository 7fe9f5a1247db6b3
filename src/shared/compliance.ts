import type { ComplianceItemStatus, ComplianceResult, PropertyStatus } from './enums';

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

/**
 * An item's status as shown: overdue or due soon by its next due date (unless its last result
 * already says non_compliant), otherwise what was last recorded. The SQL in
 * server/modules/compliance/compliance.sql.ts is the same rule.
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

/**
 * A property's status from its items' effective statuses (DECISIONS "Compliance model"): an
 * overdue item makes the property non-compliant even if it was never inspected; pending only
 * while nothing was inspected and nothing is overdue. The SQL of
 * server/modules/compliance/compliance.sql.ts is the same rule over what the property stores.
 */
export function propertyStatusFrom(items: { status: ComplianceItemStatus; lastInspectionDate: string | null }[]): PropertyStatus {
  if (items.some((i) => i.status === 'non_compliant' || i.status === 'overdue')) return 'non_compliant';
  if (!items.some((i) => i.lastInspectionDate)) return 'pending';
  if (items.some((i) => i.status === 'due_soon')) return 'due_soon';
  return 'compliant';
}

/**
 * The result of an item's latest inspection as it counts for compliance (issue "Deficiencies
 * and corrective actions"): a non-compliant result stays non-compliant until every deficiency
 * it opened is corrected, or a later inspection is compliant (that one is then the latest).
 * A non-compliant result that opened no deficiency has nothing to correct and stands. This is
 * Firemark's rule, not a quotation of a standard: only a recorded correction clears a finding,
 * never the passing of time. resultAfterCorrectionsSql in
 * server/modules/compliance/compliance.sql.ts is the same rule in SQL.
 */
export function resultAfterCorrections(
  result: ComplianceResult | null,
  deficiencies: { correctedOn: string | null }[],
): ComplianceResult | null {
  if (result !== 'non_compliant' || deficiencies.length === 0) return result;
  return deficiencies.every((d) => d.correctedOn !== null) ? 'compliant' : 'non_compliant';
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
export const INSPECTION_DISPLAY_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled', 'overdue', 'due_soon'] as const;
export type InspectionDisplayStatus = (typeof INSPECTION_DISPLAY_STATUSES)[number];

export function inspectionDisplayStatus(
  inspection: { status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled'; dueDate: string },
  today: string,
): InspectionDisplayStatus {
  if (inspection.status !== 'scheduled' && inspection.status !== 'in_progress') return inspection.status;
  if (inspection.dueDate < today) return 'overdue';
  if (inspection.dueDate <= addDays(today, DUE_SOON_DAYS)) return 'due_soon';
  return inspection.status;
}
