import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailOutbox, reminderLogs, requirementDigestLogs, requirementReminderLogs, supportRequests } from '../db/schema/index';
import { withTransaction } from '../db/transaction';
import { QUEUES } from '../queues';
import { DELIVERY_QUEUES } from './mail-kinds';
import { createSmtpTransport, type MailTransport } from './transport';
import { safeErrorMessage } from '../db/log-safe-error';

interface DeliveryJob {
  outboxId: number;
}

/**
 * The rows whose `emailSent` reports on a mail: they say "sent" only once the SMTP server
 * has taken it, not when it was queued.
 */
async function markDelivered(db: Db, kind: string, referenceId: number, sentAt: Date): Promise<void> {
  if (kind === 'support_confirmation') {
    await db.update(supportRequests).set({ emailSent: true }).where(eq(supportRequests.id, referenceId));
  } else if (kind.startsWith('reminder_')) {
    await db.update(reminderLogs).set({ emailSent: true, sentAt }).where(eq(reminderLogs.id, referenceId));
  } else if (kind.startsWith('requirement_reminder_')) {
    await db.update(requirementReminderLogs).set({ emailSent: true, sentAt }).where(eq(requirementReminderLogs.id, referenceId));
  } else if (kind === 'requirement_digest') {
    await db.update(requirementDigestLogs).set({ emailSent: true, sentAt }).where(eq(requirementDigestLogs.id, referenceId));
  }
}

/**
 * Delivers one outbox row. The row is locked while it is sent and marked sent in the same
 * transaction, so a retried or duplicated job finds it sent and does nothing.
 */
export async function deliverEmail(
  pool: pg.Pool,
  transport: MailTransport | null,
  config: Config,
  log: FastifyBaseLogger,
  outboxId: number,
): Promise<void> {
  try {
    await withTransaction(pool, async ({ db }) => {
      const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).for('update');
      if (!mail || mail.status !== 'pending') return;
      if (!transport) {
        // No SMTP_URL: the outbox and the log are the end of the road (README: reading reset links).
        log.info({ email: { id: mail.id, to: mail.toAddress, cc: mail.ccAddresses, subject: mail.subject } }, `E-mail not sent (SMTP_URL is unset):\n${mail.textBody}`);
        await db.update(emailOutbox).set({ status: 'logged', attempts: sql`${emailOutbox.attempts} + 1` }).where(eq(emailOutbox.id, mail.id));
        return;
      }
      await transport.send({
        messageId: `<firemark-outbox-${mail.id}@${new URL(config.appUrl).hostname}>`,
        from: config.mailFrom,
        to: mail.toAddress,
        cc: mail.ccAddresses,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        headers: mail.headers,
      });
      const sentAt = new Date();
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(eq(emailOutbox.id, mail.id));
      if (mail.referenceId !== null) await markDelivered(db, mail.kind, mail.referenceId, sentAt);
    });
  } catch (error) {
    // A database error's own message would carry the query's parameters.
    const message = safeErrorMessage(error);
    await pool.query('update email_outbox set attempts = attempts + 1, last_error = $2 where id = $1', [outboxId, message.slice(0, 1000)]);
    log.warn({ outboxId, err: message }, 'E-mail delivery failed; it will be retried');
    throw error;
  }
}

const DELIVERY_BATCH = 25;

/**
 * Starts one delivery worker per queue (mail-kinds.ts), so priority mail has a polling loop
 * of its own that a bulk backlog never stands in front of, and the dead-letter handler that
 * marks undeliverable mail.
 */
export async function startEmailWorkers(boss: PgBoss, pool: pg.Pool, config: Config, log: FastifyBaseLogger): Promise<() => void> {
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  for (const queue of DELIVERY_QUEUES) {
    // pg-boss waits the polling interval after every fetch, so mail goes out in batches; a mail
    // that fails is failed on its own (retried later) without holding back the rest.
    await boss.work<DeliveryJob>(queue, { pollingIntervalSeconds: 1, batchSize: DELIVERY_BATCH }, async (jobs) => {
      for (const job of jobs) {
        try {
          await deliverEmail(pool, transport, config, log, job.data.outboxId);
        } catch (error) {
          await boss.fail(queue, job.id, { message: safeErrorMessage(error) });
        }
      }
    });
  }
  await boss.work<DeliveryJob>(QUEUES.emailDeliveryFailed, async (jobs) => {
    for (const job of jobs) {
      log.error({ outboxId: job.data.outboxId }, 'E-mail could not be delivered after all retries');
      await pool.query("update email_outbox set status = 'failed' where id = $1 and status = 'pending'", [job.data.outboxId]);
    }
  });
  return () => transport?.close();
}
