import { sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '@shared/compliance';

/**
 * An item's effective status in SQL: the same rule as effectiveItemStatus in
 * src/shared/compliance.ts, so that lists filter, sort and count what screens show.
 * `alias` is the compliance_items alias, `today` an SQL date.
 */
export function effectiveItemStatusSql(alias: string, today: SQL): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`(case
    when ${a}.status = 'non_compliant' or ${a}.next_due_date is null then ${a}.status::text
    when ${a}.next_due_date < ${today} then 'overdue'
    when ${a}.next_due_date <= ${today} + ${DUE_SOON_DAYS}::int then 'due_soon'
    else ${a}.status::text end)`;
}

/** "Today" in an account's time zone, from a JS instant (so tests can move the clock). */
export function todayForUserSql(userAlias: string, now: Date): SQL {
  return sql`((${now.toISOString()}::timestamptz) at time zone ${sql.raw(userAlias)}.time_zone)::date`;
}
