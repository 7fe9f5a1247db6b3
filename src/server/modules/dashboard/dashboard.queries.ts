import { sql } from 'drizzle-orm';
import { UPCOMING_DAYS } from '@shared/compliance';
import type { DashboardStats } from '@shared/schemas/property';
import { inspectionScope, propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { dueNotScheduledSql, propertyStatusCondition } from '../compliance/compliance.sql';
import { keptDashboardStats, reachesWholeOrganization } from './dashboard-counts.queries';

/**
 * The four dashboard counts in one round trip (DECISIONS): for the whole organisation summed
 * from the counts kept by due day (dashboard-counts.queries.ts), else each an indexed count of
 * the records the caller reaches. Upcoming and past due count requirements that are due with no
 * open inspection too ("Due, not scheduled"), and say how many of them there are.
 */
export async function dashboardStats(db: DbOrTx, reach: Reach, today: string): Promise<DashboardStats> {
  if (reachesWholeOrganization(reach)) return keptDashboardStats(db, reach.id, today);
  return liveDashboardStats(db, reach, today);
}

/** The same counts from the records themselves: for a narrower reach, and for the tests that compare. */
export async function liveDashboardStats(db: DbOrTx, reach: Reach, today: string): Promise<DashboardStats> {
  const t = sql`${today}::date`;
  const organizationId = reach.id;
  const inspectionsReached = sql`${propertyScope(reach, sql`property_id`)} and ${inspectionScope(reach, sql`inspector_id`)}`;
  const [row] = await preparedRows<DashboardStats>(db, sql`
    with unscheduled as (
      select count(*) filter (where r.next_due_date >= ${t})::int as upcoming,
        count(*) filter (where r.next_due_date < ${t})::int as overdue
      from requirements r
      where r.organization_id = ${organizationId} and ${propertyScope(reach, sql`r.property_id`)} and ${dueNotScheduledSql('r', t)}
    )
    select
      (select count(*)::int from properties p where p.organization_id = ${organizationId} and ${propertyScope(reach, sql`p.id`)}) as "propertyCount",
      (select count(*)::int from properties p where p.organization_id = ${organizationId} and ${propertyScope(reach, sql`p.id`)}
         and ${propertyStatusCondition('p', 'compliant', sql`${today}::date`)}) as "compliantCount",
      (select count(*)::int from inspections where organization_id = ${organizationId} and ${inspectionsReached} and status in ('scheduled', 'in_progress')
         and due_date between ${t} and ${t} + ${UPCOMING_DAYS}::int) + unscheduled.upcoming as "upcomingInspectionCount",
      (select count(*)::int from inspections where organization_id = ${organizationId} and ${inspectionsReached} and status in ('scheduled', 'in_progress')
         and due_date < ${t}) + unscheduled.overdue as "overdueInspectionCount",
      unscheduled.upcoming as "upcomingNotScheduledCount",
      unscheduled.overdue as "overdueNotScheduledCount"
    from unscheduled`);
  return row!;
}
