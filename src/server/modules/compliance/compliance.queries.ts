import { and, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import { nextDueDateAfter } from '@shared/compliance';
import type { ComplianceResult, InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { complianceItems, inspections } from '../../db/schema/index';
import { effectiveItemStatusSql, todayForUserSql } from './compliance.sql';

export type RefreshScope = { propertyIds: number[] } | { userId: number } | 'all';

/**
 * Recomputes the stored status of properties from their items (DECISIONS): pending with no
 * inspected item; non_compliant if any item is non_compliant or overdue; else due_soon if any
 * is due soon; else compliant. Writes only rows whose status changes.
 */
export async function refreshPropertyStatuses(db: DbOrTx, scope: RefreshScope, now: Date): Promise<number> {
  const where =
    scope === 'all'
      ? sql`true`
      : 'userId' in scope
        ? sql`p2.user_id = ${scope.userId}`
        : sql`p2.id in (${sql.join(scope.propertyIds.map((id) => sql`${id}`), sql`, `)})`;
  if (scope !== 'all' && 'propertyIds' in scope && scope.propertyIds.length === 0) return 0;
  const effective = effectiveItemStatusSql('ci', todayForUserSql('u', now));
  const result = await db.execute(sql`
    update properties p set status = s.status
    from (
      select p2.id,
        (case
          when not coalesce(bool_or(ci.last_inspection_date is not null), false) then 'pending'
          when bool_or(${effective} in ('non_compliant', 'overdue')) then 'non_compliant'
          when bool_or(${effective} = 'due_soon') then 'due_soon'
          else 'compliant' end)::property_status as status
      from properties p2
      join users u on u.id = p2.user_id
      left join compliance_items ci on ci.property_id = p2.id
      where ${where}
      group by p2.id
    ) s
    where p.id = s.id and p.status is distinct from s.status`);
  return result.rowCount ?? 0;
}

/**
 * Scheduling a type with no item yet creates it as never inspected, due on the inspection's
 * date (DECISIONS). An item never inspected moves to the earliest scheduled date.
 */
export async function ensureItemForSchedule(db: DbOrTx, propertyId: number, itemType: InspectionType, dueDate: string): Promise<void> {
  await db
    .insert(complianceItems)
    .values({ propertyId, itemType, status: 'never_inspected', nextDueDate: dueDate })
    .onConflictDoUpdate({
      target: [complianceItems.propertyId, complianceItems.itemType],
      set: { nextDueDate: sql`least(${complianceItems.nextDueDate}, excluded.next_due_date)`, updatedAt: new Date() },
      setWhere: isNull(complianceItems.lastInspectionDate),
    });
}

/**
 * A completed inspection moves its item: inspected on `inspectedOn`, next due one interval
 * later. With a result the item's status becomes it; without (Quick Complete) it stays.
 */
export async function recordInspection(
  db: DbOrTx,
  input: { propertyId: number; itemType: InspectionType; inspectedOn: string; result: ComplianceResult | null; notes: string | null },
): Promise<void> {
  const nextDueDate = nextDueDateAfter(input.itemType, input.inspectedOn);
  await db
    .insert(complianceItems)
    .values({
      propertyId: input.propertyId,
      itemType: input.itemType,
      status: input.result ?? 'never_inspected',
      lastInspectionDate: input.inspectedOn,
      nextDueDate,
      notes: input.notes,
    })
    .onConflictDoUpdate({
      target: [complianceItems.propertyId, complianceItems.itemType],
      set: {
        lastInspectionDate: input.inspectedOn,
        nextDueDate,
        updatedAt: new Date(),
        ...(input.result ? { status: input.result, notes: input.notes } : {}),
      },
    });
}

/**
 * After an inspection is deleted or cancelled: an item that was never inspected follows the
 * remaining open inspections of its type, and goes away with the last of them.
 */
export async function settleNeverInspectedItem(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<void> {
  const [next] = await db
    .select({ dueDate: min(inspections.dueDate) })
    .from(inspections)
    .where(
      and(
        eq(inspections.propertyId, propertyId),
        eq(inspections.inspectionType, itemType),
        inArray(inspections.status, ['scheduled', 'in_progress']),
      ),
    );
  const never = and(eq(complianceItems.propertyId, propertyId), eq(complianceItems.itemType, itemType), isNull(complianceItems.lastInspectionDate));
  if (next?.dueDate) {
    await db.update(complianceItems).set({ nextDueDate: next.dueDate, updatedAt: new Date() }).where(never);
  } else {
    await db.delete(complianceItems).where(never);
  }
}
