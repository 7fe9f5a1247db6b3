import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { sendDueReminders, type RemindersDeps } from '../modules/reminders/reminders.service';

export const REMINDER_SWEEP_QUEUE = 'reminder-sweep';

/**
 * Every 15 minutes, so each account's reminders leave soon after its local morning begins;
 * a sweep that finds nothing due costs one indexed query.
 */
export async function startReminderSweep(boss: PgBoss, deps: RemindersDeps, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(REMINDER_SWEEP_QUEUE))) {
    await boss.createQueue(REMINDER_SWEEP_QUEUE, { name: REMINDER_SWEEP_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(REMINDER_SWEEP_QUEUE, '*/15 * * * *');
  await boss.work(REMINDER_SWEEP_QUEUE, async () => {
    const sent = await sendDueReminders({ ...deps, log });
    if (sent > 0) log.info({ sent }, 'Inspection reminders queued');
  });
}
