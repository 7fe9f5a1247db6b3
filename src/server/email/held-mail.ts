import { and, eq } from 'drizzle-orm';
import { emailOutbox, users } from '../db/schema/index';
import type { Tx } from '../db/transaction';

/**
 * What may reach an address its account has not confirmed: the confirmation itself, and a
 * password reset (using its link proves the address too). The owner notice goes to an
 * address that is confirmed by definition.
 */
const SENT_BEFORE_CONFIRMATION = new Set(['email_confirmation', 'password_reset', 'account_exists']);

/**
 * True when this mail is for the account's own address and that address is not confirmed yet:
 * it is then kept in the outbox as `held`, with no delivery job, until the address is confirmed.
 * Otherwise anyone could sign up with a stranger's address and have reports and alerts sent there.
 */
export async function isHeldUntilConfirmed(tx: Tx, mail: { kind: string; userId?: number | null; to: string }): Promise<boolean> {
  if (!mail.userId || SENT_BEFORE_CONFIRMATION.has(mail.kind)) return false;
  const [user] = await tx.db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, mail.userId));
  return Boolean(user && user.confirmedAt === null && user.email.toLowerCase() === mail.to.toLowerCase());
}

/**
 * The account's held mail, made pending again and addressed to the address it has just
 * confirmed (mail held for an earlier, never confirmed address of the account goes there
 * too: it was for the account, not for that address). The caller queues their delivery.
 */
export async function takeHeldMail(tx: Tx, userId: number, confirmedEmail: string): Promise<{ id: number; kind: string }[]> {
  return tx.db
    .update(emailOutbox)
    .set({ status: 'pending', toAddress: confirmedEmail })
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.status, 'held')))
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
}
