import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { inspectionReminderEmail } from '../../email/templates/inspection-reminder';
import { requirementReminderEmail } from '../../email/templates/requirement-reminder';
import { repeatDays } from './reminder-rules';
import * as q from './reminders.queries';
import * as rq from './requirement-reminders.queries';

export interface RemindersDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
}

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends every reminder due at `now`, for open inspections and for requirements due with none
 * ("Due, not scheduled"): each is claimed and its e-mail queued in one transaction, so a
 * reminder is logged if and only if its e-mail will be delivered. Returns how many.
 */
export async function sendDueReminders(deps: RemindersDeps, now = new Date()): Promise<number> {
  return (await sendInspectionReminders(deps, now)) + (await sendRequirementReminders(deps, now));
}

async function sendInspectionReminders(deps: RemindersDeps, now: Date): Promise<number> {
  let sent = 0;
  let after: q.SweepCursor | undefined;
  for (;;) {
    const due = await q.findDueReminders(deps.db, now, BATCH, after);
    for (const reminder of due) {
      if (await sendReminder(deps, reminder, now)) sent++;
    }
    if (due.length < BATCH) return sent;
    const last = due.at(-1)!;
    after = { dueDate: last.dueDate, inspectionId: last.inspectionId };
  }
}

async function sendRequirementReminders(deps: RemindersDeps, now: Date): Promise<number> {
  let sent = 0;
  let after: rq.RequirementSweepCursor | undefined;
  for (;;) {
    const due = await rq.findDueRequirementReminders(deps.db, now, BATCH, after);
    for (const reminder of due) {
      if (await sendRequirementReminder(deps, reminder, now)) sent++;
    }
    if (due.length < BATCH) return sent;
    const last = due.at(-1)!;
    after = { dueDate: last.dueDate, requirementId: last.requirementId };
  }
}

const nextRepeatAt = (reminder: { reminderType: string; frequency: q.DueReminder['frequency']; leadTimeDays: number }, now: Date) =>
  reminder.reminderType === 'overdue' ? new Date(now.getTime() + repeatDays(reminder.frequency, reminder.leadTimeDays) * DAY_MS) : null;

async function sendRequirementReminder(deps: RemindersDeps, reminder: rq.DueRequirementReminder, now: Date): Promise<boolean> {
  return withTransaction(deps.pool, async (tx) => {
    const logId = await rq.claimRequirementReminder(tx.db, reminder, now, nextRepeatAt(reminder, now));
    if (logId === null) return false;
    const cc = reminder.managerEmail.toLowerCase() === reminder.email.toLowerCase() ? [] : [reminder.managerEmail];
    const schedule = new URLSearchParams({
      propertyId: String(reminder.propertyId),
      inspectionType: reminder.inspectionType,
      requirementId: String(reminder.requirementId),
      dueDate: reminder.dueDate,
    });
    await queueEmail(tx, deps.boss, {
      kind: `requirement_reminder_${reminder.reminderType}`,
      userId: reminder.userId,
      referenceId: logId,
      to: reminder.email,
      cc,
      ...requirementReminderEmail({
        ...reminder,
        scheduleUrl: `${deps.config.appUrl}/inspections/new?${schedule}`,
        propertyUrl: `${deps.config.appUrl}/properties/${reminder.propertyId}`,
        settingsUrl: `${deps.config.appUrl}/settings`,
      }),
    });
    return true;
  });
}

async function sendReminder(deps: RemindersDeps, reminder: q.DueReminder, now: Date): Promise<boolean> {
  const nextAt = nextRepeatAt(reminder, now);
  return withTransaction(deps.pool, async (tx) => {
    const logId = await q.claimReminder(tx.db, reminder, now, nextAt);
    if (logId === null) return false;
    // DECISIONS "E-mail": to the account, the property's manager in copy when it is someone else.
    const cc = reminder.managerEmail.toLowerCase() === reminder.email.toLowerCase() ? [] : [reminder.managerEmail];
    await queueEmail(tx, deps.boss, {
      kind: `reminder_${reminder.reminderType}`,
      userId: reminder.userId,
      referenceId: logId,
      to: reminder.email,
      cc,
      ...inspectionReminderEmail({
        ...reminder,
        inspectionUrl: `${deps.config.appUrl}/inspections/${reminder.inspectionId}`,
        settingsUrl: `${deps.config.appUrl}/settings`,
      }),
    });
    return true;
  });
}
