import type PgBoss from 'pg-boss';
import { emailOutbox } from '../db/schema/index';
import type { Tx } from '../db/transaction';
import { QUEUES } from '../jobs/boss';
import { isHeldUntilConfirmed } from './held-mail';

export interface OutgoingEmail {
  kind: string;
  userId?: number | null;
  /** The row marked when this mail is delivered (see delivery.ts, markDelivered). */
  referenceId?: number;
  to: string;
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
}

/**
 * Writes the e-mail and its delivery job inside the caller's transaction: if the change
 * commits, the mail will be delivered (retried until the server answers); if it rolls back,
 * no mail exists. Mail to an account's unconfirmed address waits as `held` (held-mail.ts).
 */
export async function queueEmail(tx: Tx, boss: PgBoss, mail: OutgoingEmail): Promise<number> {
  const held = await isHeldUntilConfirmed(tx, mail);
  const [row] = await tx.db
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      userId: mail.userId ?? null,
      referenceId: mail.referenceId ?? null,
      toAddress: mail.to,
      ccAddresses: mail.cc ?? [],
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      status: held ? 'held' : 'pending',
    })
    .returning({ id: emailOutbox.id });
  if (!held) await enqueueDelivery(tx, boss, { id: row!.id, kind: mail.kind });
  return row!.id;
}

/** The delivery job of one outbox row, in the caller's transaction (also for held mail released). */
export async function enqueueDelivery(tx: Tx, boss: PgBoss, mail: { id: number; kind: string }): Promise<void> {
  await boss.send(QUEUES.emailDelivery, { outboxId: mail.id }, { db: { executeSql: tx.executeSql } });
}
