import { sql, type SQL } from 'drizzle-orm';
import { resultAfterCorrectionsSql } from '../compliance/compliance.sql';

/**
 * A plain completion (the inspection dialog, the API, the history import: any completed
 * inspection with a result that is not a finished walk-through's own) counts for every in-service device
 * of its requirement: an inspector's annual report for "all extinguishers" covers each unit
 * (docs/decisions/042-devices.md, "What counts for a device"). It is read from the inspections,
 * never written on the devices' rows, so undoing or deleting it puts the devices' clocks back;
 * device_requirements.last_done_on and last_result stay what walk-throughs recorded.
 */

/**
 * The latest plain completion of each requirement `requirementsWhere` chooses (over
 * requirements r), as (requirement_id, day, result): the day in the organisation's zone and the
 * choice of inspections as settleRequirements makes them (a principal requirement also takes
 * completions that name no requirement). A re-test after a repair does not restart a clock, so
 * it is not a completion here, but it decides the result of the completion it re-tests.
 */
export function plainDoneSql(requirementsWhere: SQL): SQL {
  return sql`
    select r.id as requirement_id, pc.day, pc.result
    from requirements r
    cross join lateral (
      select (i.completed_date at time zone o.time_zone)::date as day,
        coalesce((select ${resultAfterCorrectionsSql('rt')} from inspections rt
          where rt.retest_of_id = i.id and rt.status = 'completed' and rt.compliance_result is not null), ${resultAfterCorrectionsSql('i')}) as result
      from inspections i
      join organizations o on o.id = i.organization_id
      where i.property_id = r.property_id and i.inspection_type = r.item_type
        and (i.requirement_id = r.id or (i.requirement_id is null and r.principal))
        and i.status = 'completed' and i.compliance_result is not null and i.completed_date is not null and i.retest_of_id is null
        -- A finished walk's own inspection moved only the devices it reached (unreached ones
        -- stay due). One completed on its own page while its walk was open ended that walk
        -- (abandoned): it is a plain completion like any other.
        and not exists (select 1 from walkthroughs w where w.inspection_id = i.id and w.status = 'finished')
      order by day desc, i.completed_date desc, i.id desc
      limit 1
    ) pc
    where ${requirementsWhere}`;
}

/**
 * Whether the plain completion `p` (a row of plainDoneSql) is the latest thing done on the
 * device row `dr` of device `d`: the device is in service, was made and installed by that day
 * (a completion before a unit existed did not cover it), and no walk-through recorded the unit
 * on that day or later (a walk's own finding on the unit wins a tie).
 */
function plainWinsSql(dr: string, d: string, p: string): SQL<boolean> {
  const [r, dv, pl] = [sql.raw(dr), sql.raw(d), sql.raw(p)];
  return sql<boolean>`(${dv}.status = 'in_service' and ${pl}.day is not null
    and (${dv}.manufactured_on is null or ${pl}.day >= ${dv}.manufactured_on)
    and (${dv}.installed_on is null or ${pl}.day >= ${dv}.installed_on)
    and (${r}.last_done_on is null or ${pl}.day > ${r}.last_done_on))`;
}

/** A device row's last day done: its walk-throughs' day or its requirement's later plain completion. */
export function effectiveDoneOnSql(dr: string, d: string, p: string): SQL<string | null> {
  return sql<string | null>`(case when ${plainWinsSql(dr, d, p)} then ${sql.raw(p)}.day else ${sql.raw(dr)}.last_done_on end)`;
}

/** The result of whichever effectiveDoneOnSql took. */
export function effectiveResultSql(dr: string, d: string, p: string): SQL<string | null> {
  return sql<string | null>`(case when ${plainWinsSql(dr, d, p)} then ${sql.raw(p)}.result else ${sql.raw(dr)}.last_result end)`;
}
