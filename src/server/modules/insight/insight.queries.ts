import { sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { DeficiencySeverity } from '@shared/records';
import type { DeficiencyAgeResponse, OnTimeResponse, WorkloadResponse } from '@shared/schemas/insight';
import { DEFICIENCY_AGE_BANDS } from '@shared/schemas/insight';
import { DEFICIENCY_SEVERITIES } from '@shared/records';
import { inspectionScope } from '../../access';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { OPEN_STATUSES, unscheduledSql } from '../compliance/compliance.sql';
import { insightScope, type InsightAsk } from './insight-scope';
import { keptOnTimeMonths } from './on-time-months.queries';

/** Months of the on-time figure, this one included; weeks of the workload figure, this one first. */
export const ON_TIME_MONTHS = 12;
export const WORKLOAD_WEEKS = 12;
export const OLDEST_DEFICIENCIES = 10;

/**
 * Completed inspections per calendar month in the organisation's zone (docs/insight.md
 * "On-time rate"): on time when completed on or before the due date (the local day of
 * completion), and the median days late of the late ones. Served by inspections_org_completed_idx.
 */
export async function onTimeMonths(db: DbOrTx, ask: InsightAsk): Promise<OnTimeResponse> {
  const { reach } = ask;
  // The whole organisation's closed months are kept by the daily record (on_time_months); only
  // the current month is then counted live. Any narrower reach, or a month not kept, is live.
  const whole = ask.propertyIds === undefined && reach.propertyIds === null && reach.role !== 'inspector';
  const kept = whole
    ? await keptOnTimeMonths(db, reach.id, ask.timeZone, monthsBefore(ask.today, ON_TIME_MONTHS - 1), monthsBefore(ask.today, 1), ON_TIME_MONTHS - 1)
    : null;
  const rows = kept ? [...kept, ...(await liveOnTimeMonths(db, ask, 1))] : await liveOnTimeMonths(db, ask, ON_TIME_MONTHS);
  return {
    months: rows.map((r) => ({
      month: r.month,
      completed: r.completed,
      onTime: r.onTime,
      rate: r.completed === 0 ? null : r.onTime / r.completed,
      medianDaysLate: r.medianDaysLate === null ? null : Number(r.medianDaysLate),
    })),
  };
}

/** The first day (YYYY-MM-DD) of the month `n` months before the one `today` falls in. */
export function monthsBefore(today: string, n: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last `months` months, the current one included, counted from the completed inspections. */
async function liveOnTimeMonths(db: DbOrTx, ask: InsightAsk, months: number) {
  const { reach, timeZone } = ask;
  const thisMonth = sql`date_trunc('month', ${ask.today}::date)::date`;
  const first = sql`(${thisMonth} - ${months - 1}::int * interval '1 month')::date`;
  return preparedRows<{ month: string; completed: number; onTime: number; medianDaysLate: number | null }>(
    db,
    sql`
    with months as (
      select generate_series(${first}, ${thisMonth}, interval '1 month')::date as m
    ), done as (
      select date_trunc('month', (i.completed_date at time zone ${timeZone}))::date as m,
        (i.completed_date at time zone ${timeZone})::date - i.due_date as late
      from inspections i
      where i.organization_id = ${reach.id} and i.status = 'completed'
        and i.completed_date >= (${first}::timestamp at time zone ${timeZone})
        and i.completed_date < ((${thisMonth} + interval '1 month')::timestamp at time zone ${timeZone})
        and ${insightScope(reach, ask.propertyIds, sql`i.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
    )
    select to_char(months.m, 'YYYY-MM') as month, count(done.late)::int as completed,
      count(*) filter (where done.late <= 0)::int as "onTime",
      percentile_cont(0.5) within group (order by done.late) filter (where done.late > 0) as "medianDaysLate"
    from months left join done on done.m = months.m
    group by months.m order by months.m`,
  );
}

/**
 * Open deficiencies by severity and age from the day they were found (the local day the
 * inspection that found them was completed, else the day recorded), in bands 0-30, 31-90
 * and 90+ days, every band present; and the oldest ten. Served by open_deficiency_found_org_idx.
 */
export async function deficiencyAge(db: DbOrTx, ask: InsightAsk): Promise<DeficiencyAgeResponse> {
  const { reach, timeZone } = ask;
  // open_deficiency_found keeps each open deficiency's found instant (migration 0054), so the
  // figure reads its rows alone. A band's edge is the instant its first local day begins, so
  // rows are compared as stored rather than each converted to a local day (the zone's rules
  // looked up per row took longer than the reading).
  const scoped = sql`f.organization_id = ${reach.id} and ${insightScope(reach, ask.propertyIds, sql`f.property_id`)}`;
  const dayStart = (daysAgo: number) => sql`((${ask.today}::date - ${daysAgo}::int)::timestamp at time zone ${timeZone})`;
  const [row] = await preparedRows<{ bands: { severity: DeficiencySeverity; band: string; count: number }[] | null; oldest: DeficiencyAgeResponse['oldest'] | null }>(
    db,
    sql`
    with counted as (
      select f.severity::text as severity,
        count(*) filter (where f.found_at >= ${dayStart(30)})::int as recent,
        count(*) filter (where f.found_at < ${dayStart(30)} and f.found_at >= ${dayStart(90)})::int as older,
        count(*) filter (where f.found_at < ${dayStart(90)})::int as oldest
      from open_deficiency_found f where ${scoped}
      group by 1
    ),
    banded as (
      select severity, b.band, b.count from counted
      cross join lateral (values ('0-30', recent), ('31-90', older), ('90+', oldest)) b(band, count)
    ),
    -- The ten oldest by local day, then id: all of them were found by the end of the local day
    -- of the tenth earliest instant, so only the rows before that are sorted.
    tenth as (
      select f.found_at from open_deficiency_found f where ${scoped}
      order by f.found_at offset ${OLDEST_DEFICIENCIES - 1} limit 1
    ),
    candidates as (
      select f.deficiency_id as id, f.property_id, f.severity, (f.found_at at time zone ${timeZone})::date as found_on
      from open_deficiency_found f
      where ${scoped}
        and (not exists (select from tenth)
          or f.found_at < ((((select found_at from tenth) at time zone ${timeZone})::date + 1)::timestamp at time zone ${timeZone}))
    ),
    oldest as (
      select open.id, open.property_id as "propertyId", p.name as "propertyName", open.severity::text as severity, d.description,
        to_char(open.found_on, 'YYYY-MM-DD') as "foundOn", greatest(${ask.today}::date - open.found_on, 0) as "ageDays"
      from (select * from candidates order by found_on, id limit ${OLDEST_DEFICIENCIES}) open
        join properties p on p.id = open.property_id join deficiencies d on d.id = open.id
      order by open.found_on, open.id
    )
    select (select json_agg(banded) from banded) as bands, (select json_agg(oldest) from oldest) as oldest`,
  );
  const bands = row?.bands ?? [];
  const oldest = row?.oldest ?? [];
  const counted = new Map(bands.map((b) => [`${b.severity}|${b.band}`, b.count]));
  return {
    bands: DEFICIENCY_SEVERITIES.flatMap((severity) =>
      DEFICIENCY_AGE_BANDS.map((band) => ({ severity, band, count: counted.get(`${severity}|${band}`) ?? 0 })),
    ),
    oldest,
  };
}

/**
 * What falls due per week (Monday in the organisation's zone) for the next twelve weeks, this
 * one first, by type: open inspections by their due date, and active requirements with no
 * open inspection by their next due date ("Due, not scheduled", the same rows the dashboard
 * counts). Served by inspections_open_due_idx and requirements_unscheduled_due_idx.
 */
export async function workloadWeeks(db: DbOrTx, ask: InsightAsk): Promise<WorkloadResponse> {
  const { reach } = ask;
  const monday = sql`date_trunc('week', ${ask.today}::date)::date`;
  const end = sql`(${monday} + ${WORKLOAD_WEEKS * 7 - 1}::int)`;
  // The whole organisation's unscheduled requirements are summed from requirement_due_deltas
  // (kept by trigger as requirements change: a few rows per day and type); a narrower reach
  // reads its requirements through the property index.
  const whole = ask.propertyIds === undefined && reach.propertyIds === null;
  const unscheduledFromDeltas = sql`
      select (d.due_on - ${monday}) / 7, d.item_type, d.delta
      from requirement_due_deltas d
      where d.organization_id = ${reach.id} and d.due_on between ${monday} and ${end}`;
  const unscheduledLive = sql`
      select (r.next_due_date - ${monday}) / 7, r.item_type, 1
      from requirements r
      where r.organization_id = ${reach.id} and ${unscheduledSql('r')} and r.next_due_date between ${monday} and ${end}
        and ${insightScope(reach, ask.propertyIds, sql`r.property_id`)}`;
  // Each row's week by arithmetic (days since this Monday / 7), counted per week and type in one pass.
  const rows = await preparedRows<{ weekStart: string; type: InspectionType | null; count: number }>(
    db,
    sql`
    with due as (
      select (i.due_date - ${monday}) / 7 as n, i.inspection_type as type, 1 as weight
      from inspections i
      where i.organization_id = ${reach.id} and i.status in ${OPEN_STATUSES} and i.due_date between ${monday} and ${end}
        and ${insightScope(reach, ask.propertyIds, sql`i.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
      union all
      ${whole ? unscheduledFromDeltas : unscheduledLive}
    ), counted as (
      select n, type, sum(weight)::int as count from due group by n, type having sum(weight) <> 0
    )
    select to_char(${monday} + weeks.n * 7, 'YYYY-MM-DD') as "weekStart", counted.type::text as type, coalesce(counted.count, 0) as count
    from generate_series(0, ${WORKLOAD_WEEKS - 1}::int) weeks(n) left join counted on counted.n = weeks.n
    order by weeks.n, counted.type`,
  );
  const weeks = new Map<string, WorkloadResponse['weeks'][number]>();
  for (const row of rows) {
    const week = weeks.get(row.weekStart) ?? { weekStart: row.weekStart, byType: {}, total: 0 };
    weeks.set(row.weekStart, week);
    if (row.type === null) continue;
    week.byType[row.type] = row.count;
    week.total += row.count;
  }
  return { weeks: [...weeks.values()] };
}
