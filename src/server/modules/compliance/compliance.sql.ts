import { sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS, UPCOMING_DAYS } from '@shared/compliance';
import type { PropertyStatus } from '@shared/enums';

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

/** A requirement's (or library entry's) interval as an SQL interval. */
export function intervalSql(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`make_interval(months => coalesce(${a}.interval_months, 0), days => coalesce(${a}.interval_days, 0))`;
}

/**
 * A property's status from what it stores (DECISIONS "Compliance model"), for `today`:
 * non_compliant when an item failed or anything is overdue (never inspected included),
 * pending while it has no item or any item was never inspected, due_soon within 7 days,
 * compliant otherwise. propertyStatusFrom in src/shared/compliance.ts is the same rule over items.
 */
export function propertyStatusSql(alias: string, today: SQL): SQL<PropertyStatus> {
  const p = sql.raw(alias);
  return sql<PropertyStatus>`(case
    when ${p}.has_failure or ${p}.earliest_due_date < ${today} then 'non_compliant'
    when not ${p}.inspected then 'pending'
    when ${p}.earliest_due_date <= ${today} + ${DUE_SOON_DAYS}::int then 'due_soon'
    else 'compliant' end)`;
}

/**
 * What needs attention first (issue 10, "Problems first"): 0 a failed item (action needed),
 * 1 something overdue, 2 something due soon, 3 the rest. It splits propertyStatusSql's
 * non_compliant into its two causes, so a failure outranks a missed date.
 */
export function attentionRankSql(alias: string, today: SQL): SQL<number> {
  const p = sql.raw(alias);
  return sql<number>`(case
    when ${p}.has_failure then 0
    when ${p}.earliest_due_date < ${today} then 1
    when ${p}.inspected and ${p}.earliest_due_date <= ${today} + ${DUE_SOON_DAYS}::int then 2
    else 3 end)`;
}

/** One status as a condition on the stored columns, so an index on (organization_id, earliest_due_date) serves it. */
export function propertyStatusCondition(alias: string, status: PropertyStatus, today: SQL): SQL {
  const p = sql.raw(alias);
  const soonEnd = sql`${today} + ${DUE_SOON_DAYS}::int`;
  const notLate = sql`not ${p}.has_failure and (${p}.earliest_due_date is null or ${p}.earliest_due_date >= ${today})`;
  switch (status) {
    case 'non_compliant':
      return sql`(${p}.has_failure or ${p}.earliest_due_date < ${today})`;
    case 'pending':
      return sql`(${notLate} and not ${p}.inspected)`;
    case 'due_soon':
      return sql`(not ${p}.has_failure and ${p}.inspected and ${p}.earliest_due_date between ${today} and ${soonEnd})`;
    case 'compliant':
      return sql`(not ${p}.has_failure and ${p}.inspected and (${p}.earliest_due_date is null or ${p}.earliest_due_date > ${soonEnd}))`;
  }
}

/** An open inspection: scheduled or in progress. */
export const OPEN_STATUSES = sql.raw(`('scheduled', 'in_progress')`);

/**
 * "Due, not scheduled" (DECISIONS "Requirements and recurrence"): an active requirement due
 * within 30 days or overdue, with no open inspection. `alias` is the requirements alias.
 */
export function dueNotScheduledSql(alias: string, today: SQL): SQL {
  const r = sql.raw(alias);
  return sql`(${unscheduledSql(alias)} and ${r}.next_due_date <= ${today} + ${UPCOMING_DAYS}::int)`;
}

/**
 * Active with no open inspection, as the stored flag says (settleRequirement keeps it); the
 * partial index requirements_unscheduled_due_idx serves it with (organization_id, next_due_date).
 */
export function unscheduledSql(alias: string): SQL {
  const r = sql.raw(alias);
  return sql`(${r}.active and not ${r}.has_open_inspection)`;
}

/**
 * An inspection's result as it counts for compliance: the rule of resultAfterCorrections in
 * src/shared/compliance.ts. A non-compliant result that opened deficiencies counts as
 * compliant once every one of them is corrected, unless the correction scheduled a re-test
 * (src/shared/retest-after-correction.ts): then it stands until a later inspection, the re-test,
 * passes. Without deficiencies it stands until a later inspection. `alias` is the inspections alias.
 */
export function resultAfterCorrectionsSql(alias: string): SQL<string> {
  const i = sql.raw(alias);
  return sql<string>`(case
    when ${i}.compliance_result = 'non_compliant'
      and exists (select 1 from deficiencies d where d.inspection_id = ${i}.id)
      and not exists (select 1 from deficiencies d where d.inspection_id = ${i}.id and d.corrected_on is null)
      and not exists (select 1 from inspections rt where rt.retest_of_id = ${i}.id)
    then 'compliant'::compliance_result
    else ${i}.compliance_result end)`;
}
