import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { bulkMailRoom, type MailLog } from '../../email/quota';
import { inspectionReminderEmail, managerInspectionReminderEmail } from '../../email/templates/inspection-reminder';
import { inviteManager, planManagerMail, queueManagerMail } from '../mail-consent/mail-consent.service';
import { repeatDays } from './reminder-rules';
import * as q from './reminders.queries';

export interface RemindersDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  log?: MailLog;
}

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside a reminder's transaction to undo its claim: the account has no mail left this hour. */
class NoRoomThisHour extends Error {}

/**
 * Sends every reminder due at `now`: each is claimed and its e-mail queued in one transaction,
 * so a reminder is logged if and only if its e-mail will be delivered. A reminder of an
 * account at its hourly mail quota is left unclaimed: a later sweep sends it when there is
 * room, so a large portfolio's morning is spread over hours, never lost. Returns how many.
 */
export async function sendDueReminders(deps: RemindersDeps, now = new Date()): Promise<number> {
  let sent = 0;
  let after: q.SweepCursor | undefined;
  const waiting = new Set<number>();
  for (;;) {
    const due = await q.findDueReminders(deps.db, now, BATCH, after);
    for (const reminder of due) {
      if (waiting.has(reminder.userId)) continue;
      const outcome = await sendReminder(deps, reminder, now);
      if (outcome === 'sent') sent++;
      if (outcome === 'no_room') waiting.add(reminder.userId);
    }
    if (due.length < BATCH) break;
    const last = due.at(-1)!;
    after = { dueDate: last.dueDate, inspectionId: last.inspectionId };
  }
  // Expected for large portfolios on a busy morning, so not a warning.
  if (waiting.size > 0) deps.log?.info({ accounts: [...waiting] }, 'Reminders of accounts at their hourly mail quota wait for a later sweep');
  return sent;
}

async function sendReminder(deps: RemindersDeps, reminder: q.DueReminder, now: Date): Promise<'sent' | 'not_due' | 'no_room'> {
  const nextAt =
    reminder.reminderType === 'overdue' ? new Date(now.getTime() + repeatDays(reminder.frequency, reminder.leadTimeDays) * DAY_MS) : null;
  try {
    return await withTransaction(deps.pool, async (tx) => {
      const logId = await q.claimReminder(tx.db, reminder, now, nextAt);
      if (logId === null) return 'not_due';
      // The account's own copy, and the manager's own message once the manager has confirmed.
      const account = { id: reminder.userId, email: reminder.email, name: reminder.name };
      const manager = await planManagerMail(tx, account, reminder.managerEmail);
      if ((await bulkMailRoom(tx, reminder.userId)) < (manager.kind === 'send' ? 2 : 1)) throw new NoRoomThisHour();
      await queueEmail(
        tx,
        deps.boss,
        {
          kind: `reminder_${reminder.reminderType}`,
          userId: reminder.userId,
          referenceId: logId,
          to: reminder.email,
          ...inspectionReminderEmail({
            ...reminder,
            inspectionUrl: `${deps.config.appUrl}/inspections/${reminder.inspectionId}`,
            settingsUrl: `${deps.config.appUrl}/settings`,
          }),
        },
        { log: deps.log },
      );
      if (manager.kind === 'invite') {
        await inviteManager(tx, deps, account, { address: manager.address, propertyName: reminder.propertyName });
      } else if (manager.kind === 'send') {
        await queueManagerMail(tx, deps, manager, {
          kind: `manager_reminder_${reminder.reminderType}`,
          userId: reminder.userId,
          content: (unsubscribeUrl) => managerInspectionReminderEmail({ ...reminder, accountName: reminder.name, accountEmail: reminder.email, unsubscribeUrl }),
        });
      }
      return 'sent';
    });
  } catch (error) {
    if (error instanceof NoRoomThisHour) return 'no_room';
    throw error;
  }
}
