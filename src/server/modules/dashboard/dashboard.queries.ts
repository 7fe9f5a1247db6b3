import { sql } from 'drizzle-orm';
import { UPCOMING_DAYS } from '@shared/compliance';
import type { DashboardStats } from '@shared/schemas/property';
import type { DbOrTx } from '../../db/client';
import { propertyStatusCondition } from '../compliance/compliance.sql';

/** The four dashboard counts in one round trip, each an indexed count (DECISIONS). */
export async function dashboardStats(db: DbOrTx, userId: number, today: string): Promise<DashboardStats> {
  const result = await db.execute<DashboardStats & Record<string, unknown>>(sql`
    select
      (select count(*)::int from properties where user_id = ${userId}) as "propertyCount",
      (select count(*)::int from properties p where p.user_id = ${userId}
         and ${propertyStatusCondition('p', 'compliant', sql`${today}::date`)}) as "compliantCount",
      (select count(*)::int from inspections where user_id = ${userId} and status in ('scheduled', 'in_progress')
         and due_date between ${today}::date and ${today}::date + ${UPCOMING_DAYS}::int) as "upcomingInspectionCount",
      (select count(*)::int from inspections where user_id = ${userId} and status in ('scheduled', 'in_progress')
         and due_date < ${today}::date) as "overdueInspectionCount"`);
  return result.rows[0]!;
}
