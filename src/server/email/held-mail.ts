import { and, eq, sql } from 'drizzle-orm';
import { emailOutbox, users } from '../db/schema/index';
import type { Tx } from '../db/transaction';

/**
 * What an account whose address is not confirmed may cause to be sent: the confirmation
 * itself, a password reset (using its link proves the address too), the owner notice (to an
 * address confirmed by definition) and the support team's copy of a request (the operator's
 * own address).
 */
const SENT_BEFORE_CONFIRMATION = new Set(['email_confirmation', 'password_reset', 'account_exists', 'support_notification']);

/** The kinds of mail to someone other than the account (a property manager): never readdressed. */
const THIRD_PARTY_KINDS = 'manager_%';

/**
 * True when the account that causes this mail has not confirmed its address yet: the mail
 * is then kept in the outbox as `held`, with no delivery job, until it does. Otherwise anyone
 * could sign up with a stranger's address and have reports and alerts sent there, or with a
 * made-up one and have invitations and alerts sent to property managers.
 */
export async function isHeldUntilConfirmed(tx: Tx, mail: { kind: string; userId?: number | null; to: string }): Promise<boolean> {
  if (!mail.userId || SENT_BEFORE_CONFIRMATION.has(mail.kind)) return false;
  const [user] = await tx.db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, mail.userId));
  return Boolean(user && user.confirmedAt === null);
}

/**
 * The account's held mail, made pending again. Mail for the account itself is addressed to
 * the address it has just confirmed (mail held for an earlier, never confirmed address goes
 * there too: it was for the account, not for that address); mail for a property manager keeps
 * its recipient. The caller queues their delivery.
 */
export async function takeHeldMail(tx: Tx, userId: number, confirmedEmail: string): Promise<{ id: number; kind: string }[]> {
  return tx.db
    .update(emailOutbox)
    .set({
      status: 'pending',
      toAddress: sql`case when ${emailOutbox.kind} like ${THIRD_PARTY_KINDS} then ${emailOutbox.toAddress} else ${confirmedEmail} end`,
    })
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.status, 'held')))
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
}
