import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { billingSubscriptions, organizations, stripeEvents } from '../../../db/schema/index';
import { findBillingCustomer } from '../account-plan.queries';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
/** A subscription as Stripe describes it, in our columns. */
export type SubscriptionValues = Pick<
  SubscriptionRow,
  'id' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'billingCycleAnchor' | 'trialEnd' | 'defaultPaymentMethod' | 'cancelAtPeriodEnd' | 'canceledAt'
> & { syncedAt?: Date | null };

const stripe = eq(billingSubscriptions.provider, 'stripe');

/**
 * Records a webhook event as applied; false when it already was. Inside the transaction
 * of the change it causes: a simultaneous delivery of the same event waits here for the
 * first to commit, then finds the id and changes nothing.
 */
export async function recordEvent(db: DbOrTx, event: { id: string; type: string; created: number }): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** The organisation Stripe's customer is, with its billing contact. */
export async function findCustomerOrganization(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.stripeCustomerId, customerId));
  return row && findBillingCustomer(db, row.id);
}

/** Keeps the account's Stripe customer; the first one saved stays. Returns the one kept. */
export async function saveCustomerId(db: DbOrTx, organizationId: number, customerId: string): Promise<string> {
  await db
    .update(organizations)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(organizations.id, organizationId), or(isNull(organizations.stripeCustomerId), sql`${organizations.stripeCustomerId} like 'cus\\_test\\_%'`)));
  const [row] = await db.select({ id: organizations.stripeCustomerId }).from(organizations).where(eq(organizations.id, organizationId));
  return row!.id!;
}

/** Inserts the subscription unless it exists, then locks its row: events for it queue here. */
export async function lockOrInsertSubscription(db: DbOrTx, organizationId: number, values: SubscriptionValues): Promise<{ row: SubscriptionRow; inserted: boolean }> {
  const inserted = await db
    .insert(billingSubscriptions)
    .values({ ...values, organizationId, provider: 'stripe' })
    .onConflictDoNothing()
    .returning({ id: billingSubscriptions.id });
  const [row] = await db.select().from(billingSubscriptions).where(and(stripe, eq(billingSubscriptions.id, values.id))).for('update');
  return { row: row!, inserted: inserted.length === 1 };
}

export async function updateSubscription(db: DbOrTx, id: string, values: Partial<SubscriptionValues>) {
  await db.update(billingSubscriptions).set(values).where(and(stripe, eq(billingSubscriptions.id, id)));
}

/** The account's subscriptions, newest first. */
export function listSubscriptions(db: DbOrTx, organizationId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(stripe, eq(billingSubscriptions.organizationId, organizationId)))
    .orderBy(desc(billingSubscriptions.createdAt));
}

export async function findWaitingSubscription(db: DbOrTx, organizationId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(stripe, eq(billingSubscriptions.organizationId, organizationId), inArray(billingSubscriptions.status, ['incomplete', 'trialing'])))
    .orderBy(desc(billingSubscriptions.createdAt))
    .limit(1);
  return row;
}

export async function countSubscriptions(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(billingSubscriptions).where(and(stripe, eq(billingSubscriptions.organizationId, organizationId)));
  return row!.n;
}
