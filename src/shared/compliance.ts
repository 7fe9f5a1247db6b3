import { formatDisplayDate } from './dates';
import { INSPECTION_TYPE_LABELS, type ComplianceItemStatus, type ComplianceResult, type InspectionType, type PropertyStatus } from './enums';
import { awaitingRetestReason } from './retest-after-correction';

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
 * A property's status from its items' effective statuses (DECISIONS "Compliance model"), worst
 * first: non_compliant when an item failed or is overdue (one never inspected included); else
 * pending while it has no item or any item was never inspected (the record is incomplete, so
 * it cannot be called compliant); else due_soon when an item is due within 7 days; else
 * compliant. The SQL of server/modules/compliance/compliance.sql.ts is the same rule over what
 * the property stores.
 */
export function propertyStatusFrom(items: { status: ComplianceItemStatus; lastInspectionDate: string | null }[]): PropertyStatus {
  if (items.some((i) => i.status === 'non_compliant' || i.status === 'overdue')) return 'non_compliant';
  if (items.length === 0 || items.some((i) => !i.lastInspectionDate)) return 'pending';
  if (items.some((i) => i.status === 'due_soon')) return 'due_soon';
  return 'compliant';
}

/** A property's status as a person reads it: SPEC 4's table, plus 'pending' (Pending, grey). */
export function propertyStatusDisplay(status: string): { label: string; tone: 'green' | 'yellow' | 'red' | 'grey' } {
  if (status === 'pending') return { label: 'Pending', tone: 'grey' };
  return complianceStatusDisplay(status);
}

interface ReasonItem {
  itemType: InspectionType;
  status: ComplianceItemStatus;
  lastInspectionDate: string | null;
  nextDueDate: string | null;
  /** Its active requirements never done that someone said were "Not known" (issue 35), due at once. */
  lastDoneUnknownCount?: number;
  /** Never inspected in Firemark: the day given for when it was last done when it was added. */
  lastDoneStatedOn?: string | null;
  /** Failed, corrected, and waiting for the re-test the code asks after a repair (retest-after-correction.ts). */
  awaitingRetest?: boolean;
  /** Its requirements' last result is non-compliant; left out, a non-compliant item reads as failed. */
  resultFailed?: boolean;
  /** Its devices out of service (decision 042): non-compliant for them without any failed inspection. */
  devicesOutOfService?: number;
  /** Its devices with a deficiency found on them that is not corrected. */
  devicesWithOpenDeficiency?: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The item's name inside a sentence: lower case, but an abbreviation stays one ("smoke and CO alarms"). */
const itemName = (type: InspectionType) =>
  INSPECTION_TYPE_LABELS[type]
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const andList = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * What an item's devices add to why it is non-compliant, e.g. "2 devices out of service", or
 * null. A unit's deficiency not corrected is said only where no failed inspection of the item
 * says it already (left out, resultFailed counts as failed, as before devices).
 */
export function itemDevicesReason(item: Pick<ReasonItem, 'resultFailed' | 'devicesOutOfService' | 'devicesWithOpenDeficiency'>): string | null {
  const failed = item.resultFailed ?? !(item.devicesOutOfService || item.devicesWithOpenDeficiency);
  const words = [
    ...(item.devicesOutOfService ? [`${plural(item.devicesOutOfService, 'device')} out of service`] : []),
    ...(item.devicesWithOpenDeficiency && !failed ? [`${plural(item.devicesWithOpenDeficiency, 'device')} with a deficiency not corrected`] : []),
  ];
  return words.length ? andList(words) : null;
}

/**
 * Why a property has its status (DECISIONS "Compliance model": wherever a status is shown, its
 * reason is shown with it), from the same items propertyStatusFrom reads: the items that put
 * it there, e.g. "Sprinkler system and emergency lighting never inspected", or "9 requirements
 * with no known last date" (issue 35). The app, the PDF and the verification page all print
 * this one sentence.
 */
export function propertyStatusReason(status: PropertyStatus, items: ReasonItem[]): string {
  const sorted = [...items].sort((a, b) => a.itemType.localeCompare(b.itemType));
  const due = (date: string | null) => (date ? ` (due ${formatDisplayDate(date)})` : '');
  switch (status) {
    case 'non_compliant': {
      const nonCompliant = sorted.filter((i) => i.status === 'non_compliant');
      // An item can be non-compliant for its devices alone (a unit out of service, or with a
      // deficiency not corrected): that is said as it is, not as a failed inspection.
      const byResult = (i: ReasonItem) => i.resultFailed ?? !(i.devicesOutOfService || i.devicesWithOpenDeficiency);
      const failed = nonCompliant.filter((i) => byResult(i) && !i.awaitingRetest).map((i) => itemName(i.itemType));
      // "Fire alarm awaiting re-test after repair": corrected, not yet shown to work.
      const retest = nonCompliant.filter((i) => byResult(i) && i.awaitingRetest).map((i) => awaitingRetestReason(i.itemType).toLowerCase());
      // "Fire extinguishers: 2 devices out of service".
      const devices = nonCompliant.flatMap((i) => {
        const words = itemDevicesReason(i);
        return words ? [`${itemName(i.itemType)}: ${words}`] : [];
      });
      const late = (i: ReasonItem) =>
        i.lastInspectionDate || i.lastDoneStatedOn ? 'overdue' : i.lastDoneUnknownCount ? 'last done not known and overdue' : 'never inspected and overdue';
      const overdue = sorted.filter((i) => i.status === 'overdue').map((i) => `${itemName(i.itemType)} ${late(i)}${due(i.nextDueDate)}`);
      const parts = [...(failed.length ? [`${andList(failed)} failed inspection`] : []), ...retest, ...devices, ...overdue];
      return parts.length ? sentence(parts.join('; ')) : 'An item failed inspection or is overdue';
    }
    case 'pending': {
      if (sorted.length === 0) return 'No safety items yet: nothing has been inspected';
      // Items with no result: never inspected; last done on a day given, with no result yet;
      // or with requirements whose last date nobody knows, counted ("9 requirements with no known last date").
      const uninspected = sorted.filter((i) => !i.lastInspectionDate);
      const unknown = uninspected.reduce((n, i) => n + (i.lastDoneUnknownCount ?? 0), 0);
      const known = uninspected.filter((i) => !i.lastDoneUnknownCount);
      const never = known.filter((i) => !i.lastDoneStatedOn).map((i) => itemName(i.itemType));
      const stated = known
        .filter((i) => i.lastDoneStatedOn)
        .map((i) => `${itemName(i.itemType)} last done ${formatDisplayDate(i.lastDoneStatedOn)}, no result recorded`);
      const parts = [...(never.length ? [`${andList(never)} never inspected`] : []), ...stated, ...(unknown ? [`${plural(unknown, 'requirement')} with no known last date`] : [])];
      return parts.length ? sentence(parts.join('; ')) : 'Not every safety item has been inspected';
    }
    case 'due_soon': {
      const soon = sorted.filter((i) => i.status === 'due_soon').map((i) => `${itemName(i.itemType)} due ${formatDisplayDate(i.nextDueDate)}`);
      return soon.length ? sentence(soon.join('; ')) : 'An inspection is due within 7 days';
    }
    case 'compliant': {
      const next = sorted.map((i) => i.nextDueDate).filter((d): d is string => Boolean(d)).sort()[0];
      const passed =
        sorted.length === 1
          ? sentence(`${itemName(sorted[0]!.itemType)} passed its last inspection`)
          : `All ${sorted.length} safety items passed their last inspection`;
      return next ? `${passed}; next due ${formatDisplayDate(next)}` : passed;
    }
  }
}

/** "Pending: Sprinkler system never inspected": the status and its reason in one line. */
export function propertyStatusLine(status: PropertyStatus, reason: string): string {
  return `${propertyStatusDisplay(status).label}: ${reason}`;
}

/**
 * The result of an item's latest inspection as it counts for compliance (issue "Deficiencies
 * and corrective actions"): a non-compliant result stays non-compliant until every deficiency
 * it opened is corrected, or a later inspection is compliant (that one is then the latest).
 * A non-compliant result that opened no deficiency has nothing to correct and stands. This is
 * Firemark's rule, not a quotation of a standard: only a recorded correction clears a finding,
 * never the passing of time. Where the correction scheduled a re-test (an item the code asks to
 * test again after a repair, src/shared/retest-after-correction.ts) the failure stands until a
 * later inspection, the re-test, passes. resultAfterCorrectionsSql in
 * server/modules/compliance/compliance.sql.ts is the same rule in SQL.
 */
export function resultAfterCorrections(
  result: ComplianceResult | null,
  deficiencies: { correctedOn: string | null }[],
  retestScheduled = false,
): ComplianceResult | null {
  if (result !== 'non_compliant' || deficiencies.length === 0 || retestScheduled) return result;
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
