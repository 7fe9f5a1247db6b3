import { sql } from 'drizzle-orm';
import type { ComplianceTrendResponse } from '@shared/schemas/insight';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { propertyStatusSql } from '../compliance/compliance.sql';
import { insightScope, type InsightAsk } from './insight-scope';

/** Weeks of the trend: the last 52 and this one. */
export const TREND_WEEKS = 53;

/** Later than any day a row can end on: a row that is a property's last holds for good. */
const FOR_GOOD = sql`'9999-12-31'::date`;

/**
 * The share of properties compliant, pending and non-compliant week by week (docs/insight.md
 * "Compliance over time"). A past week is read on its Sunday: each property's status is
 * computed, by the rule of decision 013, from its last row in property_status_changes on or
 * before that day, with that day as today. This week is read from the properties themselves.
 *
 * Not a lookup per property and week: each row holds from its day until the property's next
 * row, and within that span its status changes at most once (when its earliest due date
 * passes), so each row gives at most two spans of one status. Each span adds one at the first
 * week it covers and takes one away after its last; a running sum per status gives every
 * week's counts. The work grows with the rows read, not with properties times weeks.
 *
 * A property registered (or first seen in the history) before a week but with no row yet by
 * its Sunday has a status that cannot be known: it is counted as pending and the week is
 * marked `known: false`.
 *
 * The whole organisation (no choice, a member who reaches every property) is read from its
 * daily counts instead, status_days on each Sunday: the same numbers (the record keeps each
 * day's last state, and the Sundays before the record began are written from these changes
 * when it begins), 53 rows however large the portfolio.
 */
export async function complianceTrend(db: DbOrTx, ask: InsightAsk): Promise<ComplianceTrendResponse> {
  const whole = ask.propertyIds === undefined && ask.reach.propertyIds === null;
  const weeks = (whole && (await weeksFromStatusDays(db, ask))) || (await weeksFromChanges(db, ask));
  return {
    weeks: weeks.map((w) => ({
      weekStart: w.weekStart,
      compliant: w.compliant,
      pending: w.pending + w.unknown,
      nonCompliant: w.nonCompliant,
      total: w.compliant + w.pending + w.unknown + w.nonCompliant,
      known: w.unknown === 0,
    })),
  };
}

/** A week's counts; `pending` leaves out the properties whose status could not be known. */
export interface WeekCounts {
  weekStart: string;
  compliant: number;
  pending: number;
  nonCompliant: number;
  unknown: number;
}

/** The Monday of `today`'s week, back `weeksBack` weeks, as YYYY-MM-DD (calendar days, so UTC arithmetic is exact). */
function mondayBefore(today: string, weeksBack: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) - weeksBack * 7);
  return day.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The whole organisation's trend from its daily counts: each past week's Sunday row of
 * status_days and this week from the properties. Null when a Sunday has no row (the record
 * missed that day): the weeks are then counted from the changes.
 */
async function weeksFromStatusDays(db: DbOrTx, ask: InsightAsk): Promise<WeekCounts[] | null> {
  const past = TREND_WEEKS - 1;
  const firstSunday = addDays(mondayBefore(ask.today, past), 6);
  const rows = await preparedRows<WeekCounts & { day: string }>(
    db,
    sql`
    select to_char(s.day - 6, 'YYYY-MM-DD') as "weekStart", s.compliant, s.pending - s.unknown as pending, s.non_compliant as "nonCompliant", s.unknown
    from status_days s
    where s.organization_id = ${ask.reach.id} and s.day = any(array(select (${firstSunday}::date + 7 * k) from generate_series(0, ${past - 1}::int) k))
    union all
    select to_char(date_trunc('week', ${ask.today}::date), 'YYYY-MM-DD'),
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} in ('compliant', 'due_soon'))::int,
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} = 'pending')::int,
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} = 'non_compliant')::int,
      0
    from properties p where p.organization_id = ${ask.reach.id}
    order by 1`,
  );
  return rows.length === TREND_WEEKS ? rows : null;
}

/** Every week's counts for the chosen properties, from their rows in property_status_changes (see complianceTrend). */
export async function weeksFromChanges(db: DbOrTx, ask: InsightAsk): Promise<WeekCounts[]> {
  const { reach, timeZone } = ask;
  const past = TREND_WEEKS - 1;
  const monday = sql`date_trunc('week', ${ask.today}::date)::date`;
  // The Sunday of the oldest week: week k (0 = oldest) is read on firstSunday + 7k.
  const firstSunday = sql`(${monday} - ${past * 7 - 6}::int)`;
  const weekOf = (day: string) => sql.raw(`ceil((${day} - fs.day) / 7.0)::int`);
  const rows = await preparedRows<{ k: number; compliant: number; pending: number; nonCompliant: number; unknown: number }>(
    db,
    sql`
    with fs as (select ${firstSunday} as day),
    chosen as (
      select p.id, (p.created_at at time zone ${timeZone})::date as created
      from properties p
      where p.organization_id = ${reach.id} and ${insightScope(reach, ask.propertyIds, sql`p.id`)}
    ),
    spans as (
      select c.property_id, c.day as s, coalesce(lead(c.day) over (partition by c.property_id order by c.day), ${FOR_GOOD}) as e,
        c.has_failure, c.inspected, c.earliest_due_date as due,
        row_number() over (partition by c.property_id order by c.day) as nth
      from property_status_changes c join chosen on chosen.id = c.property_id
      where c.organization_id = ${reach.id}
    ),
    segments as (
      -- Until its earliest due date passes (for good when it failed or has nothing due).
      select s, case when due is null or has_failure then e else least(e, due + 1) end as e,
        case when has_failure then 'non_compliant' when not inspected then 'pending' else 'compliant' end as status
      from spans
      union all
      -- Overdue from the day after its earliest due date.
      select greatest(s, due + 1), e, 'non_compliant' from spans where not has_failure and due is not null
      union all
      -- Registered, but no row yet: not known.
      select chosen.created, coalesce(first.s, ${FOR_GOOD}), 'unknown'
      from chosen left join spans first on first.property_id = chosen.id and first.nth = 1
    ),
    weeks_covered as (
      select status, greatest(0, ${weekOf('s')}) as k0, least(${past}::int, ${weekOf('e')}) as k1
      from segments, fs where s < e
    ),
    deltas as (
      select status, k0 as k, count(*) as d from weeks_covered where k0 < k1 group by 1, 2
      union all
      select status, k1, -count(*) from weeks_covered where k0 < k1 and k1 < ${past}::int group by 1, 2
    ),
    grid as (
      select k, status, coalesce(sum(d), 0) as d
      from generate_series(0, ${past - 1}::int) k
      cross join unnest(array['compliant', 'pending', 'non_compliant', 'unknown']) status
      left join deltas using (k, status)
      group by k, status
    ),
    running as (
      select k, status, sum(d) over (partition by status order by k) as n from grid
    )
    select k,
      coalesce(sum(n) filter (where status = 'compliant'), 0)::int as compliant,
      coalesce(sum(n) filter (where status = 'pending'), 0)::int as pending,
      coalesce(sum(n) filter (where status = 'non_compliant'), 0)::int as "nonCompliant",
      coalesce(sum(n) filter (where status = 'unknown'), 0)::int as unknown
    from running group by k
    union all
    select ${past}::int,
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} in ('compliant', 'due_soon'))::int,
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} = 'pending')::int,
      count(*) filter (where ${propertyStatusSql('p', sql`${ask.today}::date`)} = 'non_compliant')::int,
      0
    from properties p
    where p.organization_id = ${reach.id} and ${insightScope(reach, ask.propertyIds, sql`p.id`)}
    order by k`,
  );
  const first = mondayBefore(ask.today, past);
  return rows.map((r) => ({
    weekStart: addDays(first, r.k * 7),
    compliant: r.compliant,
    pending: r.pending,
    nonCompliant: r.nonCompliant,
    unknown: r.unknown,
  }));
}
