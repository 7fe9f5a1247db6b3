import { sql } from 'drizzle-orm';
import type { DeficiencySeverity } from '@shared/records';
import { inspectionScope, propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import type { AgeBand } from './monthly-summary.text';

/** A calendar month in the organisation's zone: its first day and the first day of the next. */
export interface MonthSpan {
  /** YYYY-MM-DD, the month's first day. */
  start: string;
  /** YYYY-MM-DD, the next month's first day: the month's end is the moment it begins. */
  next: string;
  timeZone: string;
}

export interface MonthCounts {
  deficienciesOpened: number;
  deficienciesClosed: number;
  deficienciesOpen: number;
  overdue: number;
}

/**
 * The day a deficiency was found, as the deficiency-age figure counts it: the local day the
 * inspection that found it was completed, else the day it was recorded. `d` and `i` are the
 * deficiency and its inspection.
 */
const foundOn = (timeZone: string) => sql`coalesce((i.completed_date at time zone ${timeZone})::date, (d.created_at at time zone ${timeZone})::date)`;

/**
 * Deficiencies found and corrected in the month and open at its end, and inspections overdue
 * at its end as the month's last day showed them: due before that day, not completed by its
 * end, and known by then (an inspection recorded later, from history, was not overdue in
 * anyone's list). When an inspection was cancelled is not kept, so a cancelled one counts
 * nowhere.
 */
export async function monthCounts(db: DbOrTx, reach: Reach, month: MonthSpan): Promise<MonthCounts> {
  const { timeZone } = month;
  const end = sql`(${month.next}::timestamp at time zone ${timeZone})`;
  const found = foundOn(timeZone);
  const [row] = await preparedRows<MonthCounts>(
    db,
    sql`
    with defects as (
      select ${found} as found_on, d.corrected_on
      from deficiencies d join inspections i on i.id = d.inspection_id
      where d.organization_id = ${reach.id} and ${propertyScope(reach, sql`d.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
        and d.created_at < ${end}
    )
    select
      (select count(*) from defects where found_on >= ${month.start}::date and found_on < ${month.next}::date)::int as "deficienciesOpened",
      (select count(*) from defects where corrected_on >= ${month.start}::date and corrected_on < ${month.next}::date)::int as "deficienciesClosed",
      (select count(*) from defects where found_on < ${month.next}::date and (corrected_on is null or corrected_on >= ${month.next}::date))::int as "deficienciesOpen",
      (select count(*) from inspections i
        where i.organization_id = ${reach.id} and ${propertyScope(reach, sql`i.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
          and i.due_date < ${month.next}::date - 1 and i.created_at < ${end} and i.status <> 'cancelled'
          and (i.completed_date is null or i.completed_date >= ${end}))::int as overdue`,
  );
  return row!;
}

/**
 * The properties' status on the month's last day, read as the compliance trend reads a past
 * day (compliance-trend.queries.ts, decision 013): each property's last row of
 * property_status_changes on or before that day, with that day as today. Due soon counts as
 * compliant. A property registered by then with no row yet cannot be known: counted as
 * pending and in `unknown`.
 */
export async function complianceOnDay(
  db: DbOrTx,
  reach: Reach,
  day: string,
  timeZone: string,
): Promise<{ compliant: number; pending: number; nonCompliant: number; total: number; unknown: number }> {
  const [row] = await preparedRows<{ compliant: number; pending: number; nonCompliant: number; total: number; unknown: number }>(
    db,
    sql`
    with chosen as (
      select p.id from properties p
      where p.organization_id = ${reach.id} and ${propertyScope(reach, sql`p.id`)}
        and (p.created_at at time zone ${timeZone})::date <= ${day}::date
    ), last as (
      select distinct on (c.property_id) c.property_id, c.has_failure, c.inspected, c.earliest_due_date as due
      from property_status_changes c join chosen on chosen.id = c.property_id
      where c.organization_id = ${reach.id} and c.day <= ${day}::date
      order by c.property_id, c.day desc
    ), status as (
      select case
        when last.property_id is null then 'unknown'
        when last.has_failure then 'non_compliant'
        when last.due is not null and last.due < ${day}::date then 'non_compliant'
        when not last.inspected then 'pending'
        else 'compliant' end as status
      from chosen left join last on last.property_id = chosen.id
    )
    select count(*) filter (where status = 'compliant')::int as compliant,
      count(*) filter (where status in ('pending', 'unknown'))::int as pending,
      count(*) filter (where status = 'non_compliant')::int as "nonCompliant",
      count(*)::int as total,
      count(*) filter (where status = 'unknown')::int as unknown
    from status`,
  );
  return row!;
}

/** Deficiencies open at the month's end by severity and their age then (0-30, 31-90, 90+ days). */
export async function openDeficienciesAtEnd(
  db: DbOrTx,
  reach: Reach,
  month: MonthSpan,
): Promise<{ severity: DeficiencySeverity; band: AgeBand; count: number }[]> {
  const { timeZone } = month;
  const end = sql`(${month.next}::timestamp at time zone ${timeZone})`;
  const lastDay = sql`(${month.next}::date - 1)`;
  return preparedRows(
    db,
    sql`
    with open as (
      select d.severity, ${foundOn(timeZone)} as found_on
      from deficiencies d join inspections i on i.id = d.inspection_id
      where d.organization_id = ${reach.id} and ${propertyScope(reach, sql`d.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
        and d.created_at < ${end} and (d.corrected_on is null or d.corrected_on >= ${month.next}::date)
    )
    select severity::text as severity,
      case when ${lastDay} - found_on <= 30 then '0-30' when ${lastDay} - found_on <= 90 then '31-90' else '90+' end as band,
      count(*)::int as count
    from open where found_on <= ${lastDay} group by 1, 2`,
  );
}

/** An organisation whose members' summaries are due, with the month to summarise. */
export interface SummaryDue {
  organizationId: number;
  organizationName: string;
  timeZone: string;
  /** YYYY-MM-DD: the first day of the month just ended. */
  month: string;
  recipients: { userId: number; email: string; name: string; role: 'owner' | 'admin' }[];
}

/** The month's first days in which a summary not yet sent still goes: a day the job missed is made up. */
export const SUMMARY_MAKE_UP_DAYS = 7;

/**
 * Organisations in the first days of a month in their own zone (from 06:00 on the first), with
 * their owners and admins who asked for the summary (`emailMonthlySummary`, off unless switched
 * on) and have not had it for the month just ended. A page at a time by organisation id.
 */
export async function findSummariesDue(db: DbOrTx, now: Date, limit: number, afterId = 0): Promise<SummaryDue[]> {
  return preparedRows<SummaryDue>(
    db,
    sql`
    with clock as (
      select o.id, o.name, o.time_zone, ${now.toISOString()}::timestamptz at time zone o.time_zone as local_now
      from organizations o
      where o.id > ${afterId}
    ), local as (
      -- From six in the morning of the first, as reminders are: a summary is read over breakfast,
      -- not at midnight. Until the seventh, what the first missed (no worker ran) is made up.
      select id, name, time_zone, date_trunc('month', local_now)::date - interval '1 month' as month from clock
      where extract(day from local_now) between 1 and ${SUMMARY_MAKE_UP_DAYS}
        and (extract(day from local_now) > 1 or extract(hour from local_now) >= 6)
    )
    select l.id as "organizationId", l.name as "organizationName", l.time_zone as "timeZone",
      to_char(l.month, 'YYYY-MM-DD') as month,
      json_agg(json_build_object('userId', u.id, 'email', u.email, 'name', coalesce(nullif(u.full_name, ''), u.username), 'role', m.role)
               order by case m.role when 'owner' then 0 else 1 end, m.created_at, m.id) as recipients
    from local l
    join memberships m on m.organization_id = l.id and m.role in ('owner', 'admin')
    join users u on u.id = m.user_id
    where coalesce((u.notification_settings ->> 'emailMonthlySummary')::boolean, false)
      and not exists (
        select 1 from monthly_summary_mails s
        where s.organization_id = l.id and s.user_id = u.id and s.month = l.month::date)
    group by l.id, l.name, l.time_zone, l.month
    order by l.id
    limit ${limit}`,
  );
}

/** Records the member's summary of the month; null when it was already recorded (sent by another run). */
export async function claimSummary(db: DbOrTx, organizationId: number, userId: number, month: string): Promise<number | null> {
  const [row] = await preparedRows<{ id: number }>(
    db,
    sql`insert into monthly_summary_mails (organization_id, user_id, month) values (${organizationId}, ${userId}, ${month}::date)
        on conflict (organization_id, user_id, month) do nothing returning id`,
  );
  return row?.id ?? null;
}

export async function recordSummaryMail(db: DbOrTx, id: number, outboxId: number): Promise<void> {
  await preparedRows(db, sql`update monthly_summary_mails set outbox_id = ${outboxId} where id = ${id}`);
}

/** How many properties the member reaches. */
export async function countReachedProperties(db: DbOrTx, reach: Reach): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from properties p where p.organization_id = ${reach.id} and ${propertyScope(reach, sql`p.id`)}`,
  );
  return row!.n;
}

export async function organizationName(db: DbOrTx, organizationId: number): Promise<string> {
  const [row] = await preparedRows<{ name: string }>(db, sql`select name from organizations where id = ${organizationId}`);
  return row?.name ?? '';
}
