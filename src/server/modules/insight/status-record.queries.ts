import { sql } from 'drizzle-orm';
import { wholeOrganization } from '../../access';
import type { DbOrTx } from '../../db/client';
import { intervalSql, propertyStatusSql } from '../compliance/compliance.sql';
import { TREND_WEEKS, weeksFromChanges } from './compliance-trend.queries';

/**
 * The daily status record (docs/insight.md "Compliance over time", decision 044), for every
 * organisation at once, each on its own day (`now` in its time zone):
 * - a row in property_status_changes for each property whose stored status columns differ
 *   from its last row (or that has none), dated that day; a second change the same day
 *   rewrites the day's row, so the day keeps its last state;
 * - the organisation's counts for that day in status_days, rewritten by each run of the day.
 * Running it twice writes the same rows: the second finds nothing changed.
 */
export async function recordStatusDay(db: DbOrTx, now: Date): Promise<{ changes: number; days: number }> {
  const instant = sql`${now.toISOString()}::timestamptz`;
  const changes = await db.execute(sql`
    insert into property_status_changes as c (organization_id, property_id, day, has_failure, inspected, earliest_due_date, source)
    select p.organization_id, p.id, (${instant} at time zone o.time_zone)::date, p.has_failure, p.inspected, p.earliest_due_date, 'recorded'
    from properties p
    join organizations o on o.id = p.organization_id
    left join lateral (
      select l.has_failure, l.inspected, l.earliest_due_date from property_status_changes l
      where l.property_id = p.id and l.day <= (${instant} at time zone o.time_zone)::date
      order by l.day desc limit 1
    ) last on true
    where last.inspected is null
      or (last.has_failure, last.inspected, last.earliest_due_date) is distinct from (p.has_failure, p.inspected, p.earliest_due_date)
    on conflict (property_id, day) do update set has_failure = excluded.has_failure, inspected = excluded.inspected,
      earliest_due_date = excluded.earliest_due_date, source = 'recorded', recorded_at = now()`);
  const today = sql`(${instant} at time zone o.time_zone)::date`;
  const status = propertyStatusSql('p', today);
  const days = await db.execute(sql`
    insert into status_days (organization_id, day, compliant, pending, non_compliant, total)
    select o.id, ${today},
      count(p.id) filter (where ${status} in ('compliant', 'due_soon')),
      count(p.id) filter (where ${status} = 'pending'),
      count(p.id) filter (where ${status} = 'non_compliant'),
      count(p.id)
    from organizations o left join properties p on p.organization_id = o.id
    group by o.id, o.time_zone
    on conflict (organization_id, day) do update set compliant = excluded.compliant, pending = excluded.pending,
      non_compliant = excluded.non_compliant, total = excluded.total, recorded_at = now()`);
  return { changes: changes.rowCount ?? 0, days: days.rowCount ?? 0 };
}

/** Organisations the record has not begun for: their history is derived first. */
export async function organizationsWithoutRecord(db: DbOrTx): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select o.id from organizations o where not exists (select 1 from status_days s where s.organization_id = o.id) order by o.id`);
  return rows.map((r) => r.id);
}

/**
 * A property's status columns derived from its inspection history, one row for each day
 * something happened before the record begins (the organisation's today at `now`): an inspection completed
 * with a result, or a deficiency corrected. On each such day, per safety item type, the last
 * completed inspection by then gives the type's result and its next due date (completed day
 * plus its principal requirement's interval):
 * - has_failure: a type's last result was non-compliant and not every deficiency it found
 *   was corrected by then;
 * - inspected: every item the property had by then (added on or before that day) was
 *   inspected by then;
 * - earliest_due_date: the earliest of those next due dates.
 * What cannot be derived is left out and said in docs/insight.md: the due dates of items
 * never inspected by then (so their overdue spells), requirements changed since, due windows,
 * and re-tests. Rows already present are kept, so deriving twice writes nothing new.
 */
export async function deriveStatusHistory(db: DbOrTx, organizationId: number, now: Date): Promise<number> {
  // Set-based throughout: each completion holds for its type until the type's next one (its
  // span), and each day is joined to the spans holding on it, property by property.
  const result = await db.execute(sql`
    with zone as (
      select time_zone as tz, (${now.toISOString()}::timestamptz at time zone time_zone)::date as before
      from organizations where id = ${organizationId}
    ),
    fixed as (
      -- The day the last of an inspection's deficiencies was corrected, when all were.
      select f.inspection_id, max(f.corrected_on) as fixed_on from deficiencies f
      where f.organization_id = ${organizationId}
      group by f.inspection_id having count(*) = count(f.corrected_on)
    ),
    done as (
      select distinct on (i.property_id, i.inspection_type, (i.completed_date at time zone zone.tz)::date)
        i.property_id, i.inspection_type as type, (i.completed_date at time zone zone.tz)::date as day, i.compliance_result as result, fixed.fixed_on
      from inspections i cross join zone left join fixed on fixed.inspection_id = i.id
      where i.organization_id = ${organizationId} and i.status = 'completed'
        and i.completed_date is not null and i.compliance_result is not null
      order by i.property_id, i.inspection_type, (i.completed_date at time zone zone.tz)::date, i.id desc
    ),
    spans as (
      select d.property_id, d.type, d.day, d.result, d.fixed_on,
        coalesce(lead(d.day) over (partition by d.property_id, d.type order by d.day), '9999-12-31'::date) as until,
        case when coalesce(r.interval_months, 0) = 0 and coalesce(r.interval_days, 0) = 0 then null
          else (d.day + ${intervalSql('r')})::date end as due
      from done d
      left join requirements r on r.property_id = d.property_id and r.item_type = d.type and r.principal
    ),
    days as (
      select property_id, day from done, zone where day < zone.before
      union
      select property_id, fixed_on from done, zone where fixed_on < zone.before
    ),
    per_day as (
      select d.property_id, d.day,
        bool_or(s.result = 'non_compliant' and not coalesce(s.fixed_on <= d.day, false)) as has_failure,
        min(s.due) as earliest_due_date, array_agg(s.type) as types
      from days d join spans s on s.property_id = d.property_id and s.day <= d.day and d.day < s.until
      group by d.property_id, d.day
    )
    insert into property_status_changes (organization_id, property_id, day, has_failure, inspected, earliest_due_date, source)
    select ${organizationId}, pd.property_id, pd.day, pd.has_failure,
      not exists (
        select 1 from compliance_items ci, zone
        where ci.property_id = pd.property_id and (ci.created_at at time zone zone.tz)::date <= pd.day and not (ci.item_type = any(pd.types))
      ),
      pd.earliest_due_date, 'derived'
    from per_day pd
    on conflict (property_id, day) do nothing`);
  return result.rowCount ?? 0;
}

/**
 * When the record begins: the organisation's counts on each Sunday of the year before, from
 * the derived history (weeksFromChanges), so its whole trend is read from status_days. A day
 * that already has a row keeps it.
 */
export async function writeDerivedSundays(db: DbOrTx, organizationId: number, now: Date): Promise<void> {
  const { rows } = await db.execute<{ tz: string; today: string }>(sql`
    select time_zone as tz, to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today
    from organizations where id = ${organizationId}`);
  if (!rows[0]) return;
  const weeks = (await weeksFromChanges(db, { reach: wholeOrganization(organizationId), propertyIds: undefined, today: rows[0].today, timeZone: rows[0].tz })).slice(0, TREND_WEEKS - 1);
  await db.execute(sql`
    insert into status_days (organization_id, day, compliant, pending, non_compliant, total, unknown)
    select ${organizationId}, (w->>'weekStart')::date + 6, (w->>'compliant')::int, (w->>'pending')::int + (w->>'unknown')::int,
      (w->>'nonCompliant')::int, (w->>'compliant')::int + (w->>'pending')::int + (w->>'unknown')::int + (w->>'nonCompliant')::int, (w->>'unknown')::int
    from jsonb_array_elements(${JSON.stringify(weeks)}::jsonb) w
    on conflict (organization_id, day) do nothing`);
}
