import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { todayForUserSql } from '../compliance/compliance.sql';
import { billingOffSql } from '../subscription/billing-switch';
import { recipientsLateralSql, type MailRecipient } from '../notifications/recipients.queries';
import { SEND_FROM_LOCAL_HOUR, type ReminderType } from './reminder-rules';

/** One reminder that is due now, with what its e-mail says. */
export interface DueReminder {
  inspectionId: number;
  organizationId: number;
  reminderType: ReminderType;
  daysUntilDue: number;
  dueDate: string;
  inspectionType: string;
  assignedTo: string;
  propertyName: string;
  propertyAddress: string;
  managerEmail: string;
  /** The members it goes to (recipientsLateralSql), at least one of them with a confirmed address. */
  recipients: MailRecipient[];
  /** The organisation's first owner, whom the property manager's own message names. */
  ownerId: number;
  ownerEmail: string;
  ownerName: string;
  frequency: 'daily' | 'weekly' | 'custom';
  leadTimeDays: number;
  maxReminders: number;
}

/** Where the previous page of a sweep ended: reminders come in (due date, inspection) order. */
export interface SweepCursor {
  dueDate: string;
  inspectionId: number;
}

/**
 * The organisations reminders are sent for at `now`: Pro now (a trial included, or every one
 * with billing off), past SEND_FROM_LOCAL_HOUR in their own time zone; with their reminder
 * settings, their today, and their first owner (`owner_*`), whom the property manager's own
 * message names. Who receives a reminder is decided per reminder (recipientsLateralSql).
 */
export function reminderAccountsSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
      select o.id as organization_id, owner.id as owner_id, owner.email as owner_email, owner.name as owner_name,
             ${todayForUserSql('o', now)} as today,
             coalesce(s.frequency, 'weekly') as frequency,
             coalesce(s.lead_time_days, 7) as lead_time_days,
             coalesce(s.max_reminders_per_item, 3) as max_reminders,
             case coalesce(s.frequency, 'weekly') when 'daily' then 1 when 'weekly' then 7
               else greatest(coalesce(s.lead_time_days, 7), 1) end as repeat_days,
             coalesce(s.thirty_day_reminder, true) as thirty_on,
             coalesce(s.seven_day_reminder, true) as seven_on,
             coalesce(s.due_date_reminder, true) as due_on,
             coalesce(s.overdue_reminder, true) as overdue_on
      from organizations o
      join lateral (
        select u.id, u.email, coalesce(nullif(u.full_name, ''), u.username) as name
        from memberships m join users u on u.id = m.user_id
        where m.organization_id = o.id and m.role = 'owner'
        order by m.created_at, m.id limit 1
      ) owner on true
      left join reminder_settings s on s.organization_id = o.id
      where (${billingOffSql()} or (o.plan = 'pro' and (o.pro_until is null or o.pro_until > ${at})))
        and extract(hour from (${at} at time zone o.time_zone)) >= ${SEND_FROM_LOCAL_HOUR}`;
}

/**
 * The one reminder a due date calls for, by its distance in the account's calendar: 30 days
 * (leadTimeDays+1 to 30 ahead), 7 days (1 to leadTimeDays), on the day, overdue; null when
 * that type is switched off. `due` is the due date column, `a` the account.
 */
export function reminderTypeSql(due: string): SQL {
  const d = sql.raw(due);
  return sql`case
    when ${d} < a.today then case when a.overdue_on then 'overdue' end
    when ${d} = a.today then case when a.due_on then 'due_date' end
    when ${d} - a.today <= a.lead_time_days then case when a.seven_on then 'seven_day' end
    else case when a.thirty_on then 'thirty_day' end
  end`;
}

/**
 * Due within 30 days, and overdue for no longer than its repeats could take, counted from
 * the due date or from when it was entered, whichever is later: an inspection entered after
 * its due date gets its overdue reminders from then (issue 30). Older ones are not
 * re-examined every sweep. `entered` is the row's creation time, `now` the sweep's.
 */
export function reminderWindowSql(due: string, entered: string, now: Date): SQL {
  const d = sql.raw(due);
  const e = sql.raw(entered);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`${d} <= a.today + 30 and (${d} >= a.today - (a.repeat_days * a.max_reminders + 1)
    or ${e} >= ${at} - make_interval(days => a.repeat_days * a.max_reminders + 1))`;
}

/**
 * Every reminder due at `now`, in one query, a page at a time after `after`. Only Pro organisations (Pro now, a trial
 * included), past SEND_FROM_LOCAL_HOUR in their own time zone, and only reminders someone asks for: each carries
 * its recipients (the members who look after the property, by their own settings), one of them confirmed. Each open
 * inspection due within 30 days gets the one reminder its distance calls for:
 * 30 days (leadTimeDays+1 to 30 days ahead), 7 days (1 to leadTimeDays), on the day, overdue.
 * A type already sent is left out, except overdue, which repeats every `frequency` up to
 * maxRemindersPerItem. A missed sweep is caught up by the next one: the windows are ranges.
 * Each reminder belongs to the inspection's current due date, so a rescheduled inspection is
 * reminded again. An inspection overdue for longer than its repeats could take is left out,
 * so years-old ones are not re-examined every sweep, unless it was entered within that time.
 */
export async function findDueReminders(db: DbOrTx, now: Date, limit: number, after?: SweepCursor): Promise<DueReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const cursor = after ? sql`and (c.due_date, c.inspection_id) > (${after.dueDate}::date, ${after.inspectionId})` : sql``;
  const result = await db.execute<DueReminder & Record<string, unknown>>(sql`
    with accounts as (${reminderAccountsSql(now)}),
    candidates as (
      select i.id as inspection_id, a.*, i.due_date, i.inspection_type, i.assigned_to, i.property_id, i.inspector_id,
             p.name as property_name, p.manager_email,
             concat_ws(', ', p.address_line1, p.address_line2, p.city, p.state || ' ' || p.zip) as property_address,
             (i.due_date - a.today) as days_until_due,
             ${reminderTypeSql('i.due_date')} as reminder_type
      from accounts a
      join inspections i on i.organization_id = a.organization_id
        and i.status in ('scheduled', 'in_progress')
        and ${reminderWindowSql('i.due_date', 'i.created_at', now)}
      join properties p on p.id = i.property_id
    )
    select c.inspection_id as "inspectionId", c.organization_id as "organizationId", c.reminder_type as "reminderType",
           c.days_until_due as "daysUntilDue", to_char(c.due_date, 'YYYY-MM-DD') as "dueDate",
           c.inspection_type as "inspectionType", c.assigned_to as "assignedTo",
           c.property_name as "propertyName", c.property_address as "propertyAddress",
           c.manager_email as "managerEmail", rc.recipients, c.owner_id as "ownerId", c.owner_email as "ownerEmail",
           c.owner_name as "ownerName", c.frequency,
           c.lead_time_days as "leadTimeDays", c.max_reminders as "maxReminders"
    from candidates c
    cross join lateral (${recipientsLateralSql('emailInspectionReminders', sql`c.organization_id`, sql`c.property_id`, sql`c.inspector_id`)}) rc
    where c.reminder_type is not null
      and c.max_reminders > 0
      ${cursor}
      and ${notDueAgainSql('inspection', 'c.inspection_id', 'c.due_date', at)}
      -- Reminded once someone who asks for it has confirmed their address; until then nothing is logged.
      and rc.any_confirmed
    order by c.due_date, c.inspection_id
    limit ${limit}
  `);
  return result.rows;
}

/**
 * What a reminder is about, and the log that keeps which reminders it got: each log is keyed
 * uniquely by (subject, type, due date), the one place that decides whether a reminder is due.
 */
const REMINDER_LOGS = {
  inspection: { table: 'reminder_logs', subject: 'inspection_id' },
  requirement: { table: 'requirement_reminder_logs', subject: 'requirement_id' },
} as const;
export type ReminderSubject = keyof typeof REMINDER_LOGS;

/**
 * True when the candidate `c` has not had this reminder for this due date, or it is an
 * overdue reminder whose next repeat has come and that has repeats left. `id` and `due` are
 * the candidate's columns.
 */
export function notDueAgainSql(subject: ReminderSubject, id: string, due: string, at: SQL): SQL {
  const log = REMINDER_LOGS[subject];
  return sql`not exists (
        select 1 from ${sql.raw(log.table)} l
        where l.${sql.raw(log.subject)} = ${sql.raw(id)} and l.reminder_type = c.reminder_type and l.due_date = ${sql.raw(due)}
          and (l.reminder_type <> 'overdue' or l.reminder_count >= c.max_reminders or l.next_scheduled_at > ${at})
      )`;
}

/** The parts of a due reminder that claiming it needs, whatever it is about. */
export interface ReminderClaim {
  subjectId: number;
  organizationId: number;
  reminderType: ReminderType;
  dueDate: string;
  maxReminders: number;
}

/**
 * Claims one reminder: the log row is written (or, for a repeated overdue reminder, counted
 * up) only if it is still due. The unique (subject, type, due date) key makes this the one
 * place that decides, so two sweeps at once send it once. emailSent and sentAt are set when
 * the e-mail is delivered. Returns the log row's id, or null if it was not due after all.
 */
export async function claimReminder(db: DbOrTx, subject: ReminderSubject, reminder: ReminderClaim, now: Date, nextAt: Date | null): Promise<number | null> {
  const at = now.toISOString();
  const log = REMINDER_LOGS[subject];
  const table = sql.raw(log.table);
  const result = await db.execute<{ id: number }>(sql`
    insert into ${table} (organization_id, ${sql.raw(log.subject)}, reminder_type, due_date, reminder_count, next_scheduled_at)
    values (${reminder.organizationId}, ${reminder.subjectId}, ${reminder.reminderType}, ${reminder.dueDate}::date, 1,
            ${nextAt ? nextAt.toISOString() : null}::timestamptz)
    on conflict (${sql.raw(log.subject)}, reminder_type, due_date) do update
      set reminder_count = ${table}.reminder_count + 1,
          email_sent = false,
          next_scheduled_at = excluded.next_scheduled_at
      where ${table}.reminder_type = 'overdue'
        and ${table}.reminder_count < ${reminder.maxReminders}
        and ${table}.next_scheduled_at <= ${at}::timestamptz
    returning id
  `);
  return result.rows[0]?.id ?? null;
}
