import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { inspectionReminderEmail } from '../../email/templates/inspection-reminder';
import { repeatDays } from './reminder-rules';
import * as q from './reminders.queries';

export interface RemindersDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
}

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends every reminder due at `now`: each is claimed and its e-mail queued in one transaction,
 * so a reminder is logged if and only if its e-mail will be delivered. Returns how many.
 */
export async function sendDueReminders(deps: RemindersDeps, now = new Date()): Promise<number> {
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

async function sendReminder(deps: RemindersDeps, reminder: q.DueReminder, now: Date): Promise<boolean> {
  const nextAt =
    reminder.reminderType === 'overdue' ? new Date(now.getTime() + repeatDays(reminder.frequency, reminder.leadTimeDays) * DAY_MS) : null;
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
