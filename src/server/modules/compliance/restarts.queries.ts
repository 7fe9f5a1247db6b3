import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settleRequirements, type SettledRequirement } from './compliance-batch.queries';
import { nextDueFromSql, requirementWindow, windowOpensFromSql } from './due-window.sql';

/**
 * One activity that restarts another's clock (the library's `restarts`): NFPA 10 (2022) ch. 7
 * restarts the 6-year maintenance of an extinguisher at its 12-year hydrostatic test, which
 * includes that maintenance. A recharge is recorded as the 6-year examination itself.
 */

/** The property's requirements whose clock a completion of one of these restarts. */
export async function restartedBy(db: DbOrTx, requirementIds: number[]): Promise<number[]> {
  if (requirementIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    select distinct t.id
    from requirements s
    join requirement_library sl on sl.id = s.library_id and sl.restarts is not null
    join requirement_library tl on tl.code_set = sl.code_set and tl.key = any(sl.restarts)
    join requirements t on t.property_id = s.property_id and t.library_id = tl.id
    where s.id in (${sql.join(requirementIds.map((id) => sql`${id}`), sql`, `)})`);
  return result.rows.map((r) => r.id);
}

/**
 * After settleRequirement: a compliant completion of an activity that restarts one of these
 * (not a re-test after a repair), on a later day than it was last done (or said to be), counts
 * as its last day: next due one interval after it, and its last date is known.
 */
export async function applyRestarts(db: DbOrTx, requirementIds: number[]): Promise<void> {
  if (requirementIds.length === 0) return;
  // Counted as settle counts from a day done: a code's window, where it has one (due-window.sql.ts).
  const window = requirementWindow('r');
  const nextDue = nextDueFromSql('r', window, sql`hit.day`);
  await db.execute(sql`
    with hit as (
      select t.id, max((i.completed_date at time zone o.time_zone)::date) as day
      from requirements t
      join requirement_library tl on tl.id = t.library_id
      join requirement_library sl on sl.code_set = tl.code_set and sl.restarts is not null and tl.key = any(sl.restarts)
      join requirements s on s.property_id = t.property_id and s.library_id = sl.id
      join inspections i on i.requirement_id = s.id
      join organizations o on o.id = i.organization_id
      where t.id in (${sql.join(requirementIds.map((id) => sql`${id}`), sql`, `)}) and i.status = 'completed' and i.compliance_result = 'compliant'
        and i.completed_date is not null and i.retest_of_id is null
      group by t.id
    )
    update requirements r set next_due_date = ${nextDue}, window_opens_on = ${windowOpensFromSql('r', window, sql`hit.day`)},
      last_done_unknown = false, next_due_estimated = false, updated_at = now()
    from hit
    where r.id = hit.id
      and hit.day > coalesce(r.last_done_on, r.last_done_stated_on, '-infinity'::date)
      and r.next_due_date is distinct from ${nextDue}`);
}

/**
 * Settles these requirements and those whose clock one of them restarts, then applies the
 * restarts: what every settle does (settle, the history import, a change of code set), so a
 * 6-year examination a 12-year hydrostatic test restarted keeps that day however it is settled.
 * Returns what settleRequirements returns for `requirementIds`.
 */
export async function settleWithRestarts(db: DbOrTx, requirementIds: readonly number[], today: string): Promise<SettledRequirement[]> {
  const ids = [...new Set(requirementIds)];
  const restarted = (await restartedBy(db, ids)).filter((id) => !ids.includes(id));
  const settled = await settleRequirements(db, [...ids, ...restarted], today);
  await applyRestarts(db, [...ids, ...restarted]);
  const asked = new Set(ids);
  return settled.filter((s) => asked.has(s.id));
}
