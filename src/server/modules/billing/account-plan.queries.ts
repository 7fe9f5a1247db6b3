import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/index';
import { notFound } from '../../errors';

/** Pro from a subscription: with no end while it renews, or until `proUntil` once cancelled at period end. */
export async function setBillingPro(db: DbOrTx, organizationId: number, plan: { subscriptionId: string; proUntil: Date | null }, now: Date): Promise<void> {
  await db
    .update(organizations)
    .set({ plan: 'pro', planSource: 'billing', proUntil: plan.proUntil, stripeSubscriptionId: plan.subscriptionId, updatedAt: now })
    .where(eq(organizations.id, organizationId));
}

/**
 * The end of the Pro that this subscription gave (and only that one: Pro given by hand or a
 * trial stays): the rest of the free trial it replaced when `trialEnd` is given, else Free.
 */
export async function endBillingPro(db: DbOrTx, organizationId: number, subscriptionId: string, trialEnd: Date | null, now: Date): Promise<void> {
  await db
    .update(organizations)
    .set(
      trialEnd
        ? { plan: 'pro', planSource: 'trial', proUntil: trialEnd, updatedAt: now }
        : { plan: 'free', planSource: null, proUntil: null, updatedAt: now },
    )
    .where(and(eq(organizations.id, organizationId), eq(organizations.planSource, 'billing'), eq(organizations.stripeSubscriptionId, subscriptionId)));
}

/** The first payment ever is remembered: an organisation that has paid has no free trial. */
export async function markPaid(db: DbOrTx, organizationId: number, paidAt: Date): Promise<void> {
  await db
    .update(organizations)
    .set({ firstPaidAt: sql`coalesce(${organizations.firstPaidAt}, ${paidAt.toISOString()}::timestamptz)` })
    .where(eq(organizations.id, organizationId));
}

/**
 * The billed organisation, by its id, with its billing contact: the first owner, whose address
 * and name go to the billing provider and on the mail about payments.
 */
export async function findBillingCustomer(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      organizationName: organizations.name,
      contactUserId: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      stripeCustomerId: organizations.stripeCustomerId,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .innerJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.role, 'owner')))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(organizations.id, organizationId))
    .orderBy(memberships.createdAt, memberships.id)
    .limit(1);
  if (!row) throw notFound('Organisation not found');
  return row;
}
