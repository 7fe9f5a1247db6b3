import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays } from '@shared/compliance';
import type { DbOrTx } from '../../db/client';
import { complianceItems, inspections, properties, requirements } from '../../db/schema/index';
import { REPORT_INSPECTION_LIMIT } from './report-data';

/**
 * Inspections due from 12 months before today onwards (so upcoming ones too), and every one
 * still open whenever it was due. Overdue ones come first (they matter most, and survive the
 * row limit), most overdue first; then the rest, newest first.
 */
export async function reportInspections(db: DbOrTx, organizationId: number, propertyId: number, today: string) {
  // A re-test names the failed inspection it re-tests (retest-after-correction.ts).
  const failed = alias(inspections, 'failed');
  const since = addDays(today, -365);
  const where = and(
    eq(inspections.organizationId, organizationId),
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
        completionNotes: inspections.completionNotes,
        activity: requirements.activity,
        activityBasis: inspections.activityBasis,
        retestOfCompletedDate: failed.completedDate,
        isRetest: sql<boolean>`${inspections.retestOfId} is not null`,
      })
      .from(inspections)
      .leftJoin(requirements, eq(requirements.id, inspections.requirementId))
      .leftJoin(failed, eq(failed.id, inspections.retestOfId))
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
export async function nonCompliantNotes(db: DbOrTx, organizationId: number, propertyId: number): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ itemType: complianceItems.itemType, notes: complianceItems.notes })
    .from(complianceItems)
    .innerJoin(properties, eq(properties.id, complianceItems.propertyId))
    .where(and(eq(properties.organizationId, organizationId), eq(complianceItems.propertyId, propertyId), eq(complianceItems.status, 'non_compliant')));
  return new Map(rows.map((r) => [r.itemType, r.notes]));
}
