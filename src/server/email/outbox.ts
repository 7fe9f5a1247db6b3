import type PgBoss from 'pg-boss';
import { emailOutbox } from '../db/schema/index';
import type { Tx } from '../db/transaction';
import { QUEUES } from '../jobs/boss';

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
 * no mail exists.
 */
export async function queueEmail(tx: Tx, boss: PgBoss, mail: OutgoingEmail): Promise<number> {
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
    })
    .returning({ id: emailOutbox.id });
  await boss.send(QUEUES.emailDelivery, { outboxId: row!.id }, { db: { executeSql: tx.executeSql } });
  return row!.id;
}
