import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { addDays } from '@shared/compliance';
import type { Property } from '@shared/schemas/property';
import { intervalLabel, type Requirement } from '@shared/schemas/requirement';
import type { VerificationSnapshot } from '@shared/schemas/verification';
import type { DbOrTx } from '../../db/client';
import { complianceItems, inspections, properties } from '../../db/schema/index';
import type { ReportVerificationMarks } from './report-verification-pdf';
import type { ReportRecords } from './report-records';

/** At most this many inspections are listed; a property with more says how many were left out. */
export const REPORT_INSPECTION_LIMIT = 500;

export interface ReportInspection {
  dueDate: string;
  inspectionType: string;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  complianceResult: string | null;
  completedDate: Date | null;
  assignedTo: string;
  notes: string | null;
}

export interface FireSafetyReportData {
  generatedAt: Date;
  timeZone: string;
  today: string;
  account: { name: string; email: string };
  property: Property;
  /** Items that need action: non-compliant (with the notes that found it) or overdue. */
  deficiencies: { itemType: string; status: 'non_compliant' | 'overdue'; lastInspectionDate: string | null; nextDueDate: string | null; notes: string | null }[];
  inspections: ReportInspection[];
  inspectionsLeftOut: number;
  verification: ReportVerificationMarks;
  requirements: ReportRequirement[];
  /** Inspectors, attestations and deficiencies with their corrections (report-records.ts). */
  records?: ReportRecords;
}

/** An active requirement as the report prints it, with the standard it comes from. */
export interface ReportRequirement {
  itemType: string;
  activity: string;
  interval: string;
  source: string | null;
  nextDueDate: string;
}

/** The property's active requirements, by item then soonest due. */
export function reportRequirements(requirements: Requirement[]): ReportRequirement[] {
  return requirements
    .filter((r) => r.active)
    .sort((a, b) => a.itemType.localeCompare(b.itemType) || a.nextDueDate.localeCompare(b.nextDueDate))
    .map((r) => ({ itemType: r.itemType, activity: r.activity, interval: intervalLabel(r), source: r.source, nextDueDate: r.nextDueDate }));
}

/**
 * What the public verification page will show of this report: only the number, the time,
 * the property's name and city, and the statuses; never e-mail, notes or the address line.
 */
export function verificationSnapshot(
  reportNumber: string,
  generatedAt: Date,
  property: Property,
  overallStatus: VerificationSnapshot['overallStatus'],
  itemLabel: (itemType: string) => string,
): VerificationSnapshot {
  return {
    reportNumber,
    generatedAt: generatedAt.toISOString(),
    property: { name: property.name, city: property.city },
    overallStatus,
    items: property.complianceItems.map((item) => ({ label: itemLabel(item.itemType), status: item.status })),
  };
}

/**
 * Inspections due from 12 months before today onwards (so upcoming ones too), and every one
 * still open whenever it was due. Overdue ones come first (they matter most, and survive the
 * row limit), most overdue first; then the rest, newest first.
 */
export async function reportInspections(db: DbOrTx, userId: number, propertyId: number, today: string) {
  const since = addDays(today, -365);
  const where = and(
    eq(inspections.userId, userId),
    eq(inspections.propertyId, propertyId),
    or(gte(inspections.dueDate, since), inArray(inspections.status, ['scheduled', 'in_progress'])),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        dueDate: inspections.dueDate,
        inspectionType: inspections.inspectionType,
        status: inspections.status,
        complianceResult: inspections.complianceResult,
        completedDate: inspections.completedDate,
        assignedTo: inspections.assignedTo,
        notes: inspections.notes,
      })
      .from(inspections)
      .where(where)
      .orderBy(
        sql`case when ${inspections.status} in ('scheduled', 'in_progress') and ${inspections.dueDate} < ${today}::date then 0 else 1 end`,
        sql`case when ${inspections.status} in ('scheduled', 'in_progress') and ${inspections.dueDate} < ${today}::date then ${inspections.dueDate} end`,
        desc(inspections.dueDate),
        desc(inspections.id),
      )
      .limit(REPORT_INSPECTION_LIMIT),
    db.select({ n: sql<number>`count(*)::int` }).from(inspections).where(where),
  ]);
  return { rows, leftOut: Math.max(0, total!.n - rows.length) };
}

/** The notes behind each non-compliant item of the account's property, by item type. */
export async function nonCompliantNotes(db: DbOrTx, userId: number, propertyId: number): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ itemType: complianceItems.itemType, notes: complianceItems.notes })
    .from(complianceItems)
    .innerJoin(properties, eq(properties.id, complianceItems.propertyId))
    .where(and(eq(properties.userId, userId), eq(complianceItems.propertyId, propertyId), eq(complianceItems.status, 'non_compliant')));
  return new Map(rows.map((r) => [r.itemType, r.notes]));
}
