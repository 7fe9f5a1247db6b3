import { sql } from 'drizzle-orm';
import { DUE_SOON_DAYS, UPCOMING_DAYS } from '@shared/compliance';
import type { DashboardStats } from '@shared/schemas/property';
import type { Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { compactDeltas } from '../../db/compact-deltas';
import { preparedRows } from '../../db/prepared';

/**
 * Whether the caller reaches every property and every inspection of the organisation, so the
 * kept counts (dashboard_count_deltas, requirement_due_deltas) answer for them; a manager given
 * some properties, or an inspector, is counted from the records themselves.
 */
export function reachesWholeOrganization(reach: Reach): boolean {
  return reach.propertyIds === null && reach.role !== 'inspector';
}

/**
 * The dashboard's counts for the whole organisation from the kept counts by due day: a few
 * rows per day and kind, whatever the number of properties and inspections. The same rules as
 * dashboardStats' live counts (propertyStatusCondition 'compliant', open inspections by due
 * date, dueNotScheduledSql), decided against `today` here, so nothing kept goes stale at midnight.
 */
export async function keptDashboardStats(db: DbOrTx, organizationId: number, today: string): Promise<DashboardStats> {
  const t = sql`${today}::date`;
  const [row] = await preparedRows<DashboardStats>(db, sql`
    with kept as (
      select
        coalesce(sum(d.delta) filter (where d.kind = 'property'), 0)::int as properties,
        coalesce(sum(d.delta) filter (where d.kind = 'passing_property'
          and (d.due_on is null or d.due_on > ${t} + ${DUE_SOON_DAYS}::int)), 0)::int as compliant,
        coalesce(sum(d.delta) filter (where d.kind = 'open_inspection' and d.due_on between ${t} and ${t} + ${UPCOMING_DAYS}::int), 0)::int as upcoming,
        coalesce(sum(d.delta) filter (where d.kind = 'open_inspection' and d.due_on < ${t}), 0)::int as overdue
      from dashboard_count_deltas d
      where d.organization_id = ${organizationId}
    ), unscheduled as (
      select coalesce(sum(r.delta) filter (where r.due_on >= ${t}), 0)::int as upcoming,
        coalesce(sum(r.delta) filter (where r.due_on < ${t}), 0)::int as overdue
      from requirement_due_deltas r
      where r.organization_id = ${organizationId} and r.due_on <= ${t} + ${UPCOMING_DAYS}::int
    )
    select kept.properties as "propertyCount", kept.compliant as "compliantCount",
      kept.upcoming + unscheduled.upcoming as "upcomingInspectionCount",
      kept.overdue + unscheduled.overdue as "overdueInspectionCount",
      unscheduled.upcoming as "upcomingNotScheduledCount",
      unscheduled.overdue as "overdueNotScheduledCount"
    from kept, unscheduled`);
  return row!;
}

/** The organisation's properties, from the kept counts: the properties list's total without a filter. */
export async function keptPropertyCount(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(db, sql`
    select coalesce(sum(d.delta), 0)::int as n from dashboard_count_deltas d
    where d.organization_id = ${organizationId} and d.kind = 'property'`);
  return row?.n ?? 0;
}

/** Open inspections due by today + 30, overdue ones included (DECISIONS), from the kept counts: upcoming's total. */
export async function keptUpcomingInspectionCount(db: DbOrTx, organizationId: number, today: string): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(db, sql`
    select coalesce(sum(d.delta), 0)::int as n from dashboard_count_deltas d
    where d.organization_id = ${organizationId} and d.kind = 'open_inspection' and d.due_on <= ${today}::date + ${UPCOMING_DAYS}::int`);
  return row?.n ?? 0;
}

/** Sums each organisation's dashboard_count_deltas to one row per kind and day (compactDeltas). */
export function compactDashboardCountDeltas(db: DbOrTx): Promise<number> {
  return compactDeltas(db, 'dashboard_count_deltas', ['organization_id', 'kind', 'due_on']);
}
