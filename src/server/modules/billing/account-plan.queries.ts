import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../errors';

/** Pro from a subscription: with no end while it renews, or until `proUntil` once cancelled at period end. */
export async function setBillingPro(db: DbOrTx, userId: number, plan: { subscriptionId: string; proUntil: Date | null }, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ plan: 'pro', planSource: 'billing', proUntil: plan.proUntil, stripeSubscriptionId: plan.subscriptionId, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * The end of the Pro that this subscription gave (and only that one: Pro given by hand or a
 * trial stays): the rest of the free trial it replaced when `trialEnd` is given, else Free.
 */
export async function endBillingPro(db: DbOrTx, userId: number, subscriptionId: string, trialEnd: Date | null, now: Date): Promise<void> {
  await db
    .update(users)
    .set(
      trialEnd
        ? { plan: 'pro', planSource: 'trial', proUntil: trialEnd, updatedAt: now }
        : { plan: 'free', planSource: null, proUntil: null, updatedAt: now },
    )
    .where(and(eq(users.id, userId), eq(users.planSource, 'billing'), eq(users.stripeSubscriptionId, subscriptionId)));
}

/** The first payment ever is remembered: an account that has paid has no free trial. */
export async function markPaid(db: DbOrTx, userId: number, paidAt: Date): Promise<void> {
  await db
    .update(users)
    .set({ firstPaidAt: sql`coalesce(${users.firstPaidAt}, ${paidAt.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/** The billed account's own columns, by its id: the users row itself stays with the auth module. */
export async function findBillingCustomer(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username, fullName: users.fullName, stripeCustomerId: users.stripeCustomerId, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  return row;
}
