import type PgBoss from 'pg-boss';
import { emailOutbox } from '../db/schema/index';
import type { Tx } from '../db/transaction';
import { isHeldUntilConfirmed } from './held-mail';
import { deliveryQueueOf, isBulk, type MailKind } from './mail-kinds';
import { bulkMailRoom, QUOTA_REASON, warnOncePerWindow, type MailLog } from './quota';

export interface OutgoingEmail {
  kind: MailKind;
  /** The person who caused it or whom it is for: while their address is unconfirmed it waits (held-mail.ts). */
  userId?: number | null;
  /** The organisation whose mail it is: bulk mail counts against its hourly quota (quota.ts). */
  organizationId?: number | null;
  /** The row marked when this mail is delivered (see delivery.ts, markDelivered). */
  referenceId?: number;
  to: string;
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra headers for the transport, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface QueueOptions {
  /** Where the warning goes when the account reaches its quota. */
  log?: MailLog;
  /** Keep the mail as a record but do not send it, for this reason (e.g. a limit of its own). */
  suppress?: string;
}

/**
 * Writes the e-mail and its delivery job inside the caller's transaction: if the change
 * commits, the mail will be delivered (retried until the server answers); if it rolls back,
 * no mail exists. Mail caused by a person whose address is not confirmed yet waits as `held`
 * (held-mail.ts); bulk mail beyond the organisation's hourly quota is written as `suppressed`,
 * with no job.
 */
export async function queueEmail(tx: Tx, boss: PgBoss, mail: OutgoingEmail, options: QueueOptions = {}): Promise<number> {
  const held = await isHeldUntilConfirmed(tx, mail);
  let suppress = options.suppress;
  if (!suppress && isBulk(mail.kind) && mail.organizationId != null && (await bulkMailRoom(tx, mail.organizationId)) <= 0) {
    await warnOncePerWindow(tx, options.log, mail.organizationId);
    suppress = QUOTA_REASON;
  }
  const [row] = await tx.db
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      organizationId: mail.organizationId ?? null,
      referenceId: mail.referenceId ?? null,
      toAddress: mail.to,
      ccAddresses: mail.cc ?? [],
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      headers: mail.headers ?? null,
      ...(suppress ? { status: 'suppressed' as const, lastError: suppress } : held ? { status: 'held' as const } : {}),
    })
    .returning({ id: emailOutbox.id });
  if (!suppress && !held) await enqueueDelivery(tx, boss, { id: row!.id, kind: mail.kind });
  return row!.id;
}

/** The delivery job of one outbox row, in the caller's transaction (also for held mail released). */
export async function enqueueDelivery(tx: Tx, boss: PgBoss, mail: { id: number; kind: string }): Promise<void> {
  await boss.send(deliveryQueueOf(mail.kind as MailKind), { outboxId: mail.id }, { db: { executeSql: tx.executeSql } });
}
