import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { billingInvoices, billingPaymentMethods, billingSetupIntents, billingSubscriptions, organizations } from '../../../db/schema/index';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;

const testMode = eq(billingSubscriptions.provider, 'test');

/** The subscription waiting for its first payment with this secret, locked. */
export async function lockSubscriptionBySecret(db: DbOrTx, organizationId: number, clientSecret: string) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(testMode, eq(billingSubscriptions.organizationId, organizationId), eq(billingSubscriptions.clientSecret, clientSecret)))
    .for('update');
  return row;
}

/** The account's latest subscription that was paid or has a card for its trial (running or ended), locked. */
export async function lockLatestPaidSubscription(db: DbOrTx, organizationId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(testMode, eq(billingSubscriptions.organizationId, organizationId), inArray(billingSubscriptions.status, ['trialing', 'active', 'canceled'])))
    .orderBy(desc(billingSubscriptions.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function findIncompleteSubscription(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(testMode, eq(billingSubscriptions.organizationId, organizationId), eq(billingSubscriptions.status, 'incomplete')))
    .orderBy(desc(billingSubscriptions.createdAt))
    .limit(1);
  return row;
}

export async function insertSubscription(db: DbOrTx, values: { id: string; organizationId: number; clientSecret: string; trialEnd: Date | null }) {
  await db.insert(billingSubscriptions).values({ ...values, provider: 'test' });
}

export async function deleteSubscription(db: DbOrTx, id: string) {
  await db.delete(billingSubscriptions).where(and(testMode, eq(billingSubscriptions.id, id)));
}

export async function updateSubscription(db: DbOrTx, id: string, values: Partial<SubscriptionRow>) {
  await db.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.id, id));
}

export async function defaultPaymentMethod(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.organizationId, organizationId), eq(billingPaymentMethods.isDefault, true)));
  return row;
}

/** Saves a card as the account's default; the others stay, no longer default. */
export async function addDefaultPaymentMethod(
  db: DbOrTx,
  values: { id: string; organizationId: number; brand: string; last4: string; expMonth: number; expYear: number },
) {
  await db.update(billingPaymentMethods).set({ isDefault: false }).where(eq(billingPaymentMethods.organizationId, values.organizationId));
  const [row] = await db.insert(billingPaymentMethods).values({ ...values, isDefault: true }).returning();
  return row!;
}

export function listPaymentMethods(db: DbOrTx, organizationId: number) {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(eq(billingPaymentMethods.organizationId, organizationId))
    .orderBy(desc(billingPaymentMethods.isDefault), desc(billingPaymentMethods.createdAt));
}

export async function setDefaultPaymentMethod(db: DbOrTx, organizationId: number, id: string): Promise<boolean> {
  const [found] = await db
    .select({ id: billingPaymentMethods.id })
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.organizationId, organizationId), eq(billingPaymentMethods.id, id)))
    .for('update');
  if (!found) return false;
  await db
    .update(billingPaymentMethods)
    .set({ isDefault: sql`${billingPaymentMethods.id} = ${id}` })
    .where(eq(billingPaymentMethods.organizationId, organizationId));
  return true;
}

export async function deletePaymentMethod(db: DbOrTx, organizationId: number, id: string) {
  const [row] = await db
    .delete(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.organizationId, organizationId), eq(billingPaymentMethods.id, id)))
    .returning();
  return row;
}

export async function otherPaymentMethodCount(db: DbOrTx, organizationId: number, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.organizationId, organizationId), ne(billingPaymentMethods.id, id)));
  return row!.n;
}

export async function insertInvoice(db: DbOrTx, values: typeof billingInvoices.$inferInsert) {
  await db.insert(billingInvoices).values(values);
}

export async function countInvoices(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(billingInvoices).where(eq(billingInvoices.organizationId, organizationId));
  return row!.n;
}

export function listInvoices(db: DbOrTx, organizationId: number) {
  return db.select().from(billingInvoices).where(eq(billingInvoices.organizationId, organizationId)).orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.number));
}

export async function findInvoice(db: DbOrTx, organizationId: number, id: string) {
  const [row] = await db.select().from(billingInvoices).where(and(eq(billingInvoices.organizationId, organizationId), eq(billingInvoices.id, id)));
  return row;
}

export async function insertSetupIntent(db: DbOrTx, organizationId: number, clientSecret: string) {
  await db.insert(billingSetupIntents).values({ organizationId, clientSecret });
}

/** Marks an unused setup intent of the account used; false if there is none. */
export async function useSetupIntent(db: DbOrTx, organizationId: number, clientSecret: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(billingSetupIntents)
    .set({ usedAt: now })
    .where(and(eq(billingSetupIntents.organizationId, organizationId), eq(billingSetupIntents.clientSecret, clientSecret), sql`${billingSetupIntents.usedAt} is null`))
    .returning({ clientSecret: billingSetupIntents.clientSecret });
  return rows.length === 1;
}

export async function ensureCustomerId(db: DbOrTx, organizationId: number): Promise<void> {
  await db
    .update(organizations)
    .set({ stripeCustomerId: `cus_test_${organizationId}` })
    .where(and(eq(organizations.id, organizationId), sql`${organizations.stripeCustomerId} is null`));
}
