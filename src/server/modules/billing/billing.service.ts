import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import type { BillingSubscription, Invoice, PaymentMethod } from '@shared/schemas/billing';
import { PRO_PLAN_NAME, PRO_PRICE_CENTS } from '@shared/plans';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, conflict, notFound, validationFailed } from '../../errors';
import type { UserRow } from '../auth/auth.queries';
import * as q from './billing.queries';
import { passesLuhn, testCardOutcome } from './test-cards';

export interface BillingDeps {
  db: Db;
  pool: pg.Pool;
}

const CURRENCY = 'usd';
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the test-mode provider says of a card: its brand, or why it is refused. */
function chargeCard(card: Card, now: Date): { brand: string; last4: string } {
  if (!passesLuhn(card.number)) throw validationFailed({ 'card.number': ['Your card number is incorrect.'] });
  const expiresAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1)); // the first moment after the expiry month
  if (expiresAfter <= now) throw validationFailed({ 'card.expYear': ["Your card's expiration date is in the past."] });
  const outcome = testCardOutcome(card.number);
  if (!outcome.ok) throw new AppError(ERROR_CODES.cardDeclined, outcome.message);
  return { brand: outcome.brand, last4: card.number.slice(-4) };
}

/**
 * Moves an active subscription through the periods that have passed: one paid invoice per
 * renewal (test mode always collects), and a subscription set to end at its period's end ends.
 */
async function catchUp(db: DbOrTx, sub: q.SubscriptionRow, now: Date): Promise<q.SubscriptionRow> {
  if (sub.status !== 'active' || !sub.currentPeriodEnd || sub.currentPeriodEnd > now) return sub;
  if (sub.cancelAtPeriodEnd) {
    await q.updateSubscription(db, sub.id, { status: 'canceled', canceledAt: sub.currentPeriodEnd });
    return { ...sub, status: 'canceled', canceledAt: sub.currentPeriodEnd };
  }
  const card = await q.defaultPaymentMethod(db, sub.userId);
  let start = sub.currentPeriodEnd;
  let end = addMonths(start, 1);
  for (; end <= now; start = end, end = addMonths(start, 1)) await invoice(db, sub, start, end, card);
  await invoice(db, sub, start, end, card);
  await q.updateSubscription(db, sub.id, { currentPeriodStart: start, currentPeriodEnd: end });
  return { ...sub, currentPeriodStart: start, currentPeriodEnd: end };
}

async function invoice(db: DbOrTx, sub: q.SubscriptionRow, start: Date, end: Date, card: { brand: string; last4: string } | undefined) {
  const n = (await q.countInvoices(db, sub.userId)) + 1;
  await q.insertInvoice(db, {
    id: id('in'),
    userId: sub.userId,
    subscriptionId: sub.id,
    number: `FM-${String(sub.userId).padStart(5, '0')}-${String(n).padStart(4, '0')}`,
    amount: PRO_PRICE_CENTS,
    currency: CURRENCY,
    status: 'paid',
    periodStart: start,
    periodEnd: end,
    paidWith: card ? `${card.brand} ending ${card.last4}` : null,
    createdAt: start,
  });
}

function toApi(sub: q.SubscriptionRow): BillingSubscription {
  return {
    id: sub.id,
    status: sub.status === 'active' ? 'active' : 'canceled',
    current_period_start: seconds(sub.currentPeriodStart!),
    current_period_end: seconds(sub.currentPeriodEnd!),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt ? seconds(sub.canceledAt) : null,
    plan: { name: PRO_PLAN_NAME, amount: PRO_PRICE_CENTS, currency: CURRENCY, interval: 'month' },
  };
}

/** The latest paid subscription, brought up to date. */
export function subscriptionDetails(deps: BillingDeps, user: UserRow, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const sub = await q.lockLatestPaidSubscription(db, user.id);
    return { testMode: true as const, subscription: sub ? toApi(await catchUp(db, sub, now)) : null };
  });
}

/** POST /api/create-subscription: a subscription waiting for its first payment. */
export async function createSubscription(deps: BillingDeps, user: UserRow, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const paid = await q.lockLatestPaidSubscription(db, user.id);
    if (paid && (await catchUp(db, paid, now)).status === 'active') throw conflict('You already have an active subscription.');
    await q.ensureCustomerId(db, user.id);
    const waiting = await q.findIncompleteSubscription(db, user.id);
    const clientSecret = waiting?.clientSecret ?? `${id('pi')}_secret_${randomBytes(8).toString('hex')}`;
    if (!waiting) await q.insertSubscription(db, { id: id('sub'), userId: user.id, clientSecret });
    return {
      clientSecret,
      message: 'Subscription created. Confirm the payment to start Firemark Pro.',
      details: { amount: PRO_PRICE_CENTS, currency: CURRENCY },
    };
  });
}

/**
 * The test-mode payment form's confirmation: the card is charged (as Stripe's test cards
 * behave), the subscription starts for a month, the card is saved as the default, a paid
 * invoice is written, and the account is Pro with no end date, all in one transaction.
 */
export async function confirmPayment(deps: BillingDeps, user: UserRow, input: { clientSecret: string; card: Card }, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const sub = await q.lockSubscriptionBySecret(db, user.id, input.clientSecret);
    if (!sub) throw notFound('This payment was not found. Please refresh the page and try again.');
    const paymentIntent = { id: input.clientSecret.split('_secret_')[0]!, status: 'succeeded' as const };
    if (sub.status === 'active') return { paymentIntent };
    if (sub.status !== 'incomplete') throw conflict('This payment can no longer be completed. Please refresh the page and try again.');
    const charged = chargeCard(input.card, now);
    const card = await q.addDefaultPaymentMethod(db, { id: id('pm'), userId: user.id, ...charged, expMonth: input.card.expMonth, expYear: input.card.expYear });
    const end = addMonths(now, 1);
    const started = { ...sub, status: 'active', currentPeriodStart: now, currentPeriodEnd: end };
    await q.updateSubscription(db, sub.id, { status: 'active', currentPeriodStart: now, currentPeriodEnd: end });
    await invoice(db, started, now, end, card);
    await q.setAccountPlan(db, user.id, { plan: 'pro', planSource: 'billing', proUntil: null, stripeSubscriptionId: sub.id });
    return { paymentIntent };
  });
}

export async function createSetupIntent(deps: BillingDeps, user: UserRow) {
  const clientSecret = `${id('seti')}_secret_${randomBytes(8).toString('hex')}`;
  await q.ensureCustomerId(deps.db, user.id);
  await q.insertSetupIntent(deps.db, user.id, clientSecret);
  return { clientSecret };
}

/** Saves a card without charging it (test mode checks it the same way) as the default. */
export async function confirmSetup(deps: BillingDeps, user: UserRow, input: { clientSecret: string; card: Card }, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const charged = chargeCard(input.card, now);
    if (!(await q.useSetupIntent(db, user.id, input.clientSecret, now))) {
      throw notFound('This card form has expired. Please open it again.');
    }
    const row = await q.addDefaultPaymentMethod(db, { id: id('pm'), userId: user.id, ...charged, expMonth: input.card.expMonth, expYear: input.card.expYear });
    return { paymentMethod: toPaymentMethod(row) };
  });
}

function toPaymentMethod(row: Awaited<ReturnType<typeof q.listPaymentMethods>>[number]): PaymentMethod {
  return { id: row.id, card: { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear }, isDefault: row.isDefault };
}

export async function paymentMethods(deps: BillingDeps, user: UserRow): Promise<PaymentMethod[]> {
  return (await q.listPaymentMethods(deps.db, user.id)).map(toPaymentMethod);
}

export async function setDefaultPaymentMethod(deps: BillingDeps, user: UserRow, paymentMethodId: string) {
  const found = await withTransaction(deps.pool, ({ db }) => q.setDefaultPaymentMethod(db, user.id, paymentMethodId));
  if (!found) throw notFound('Payment method not found');
  return { success: true };
}

export async function deletePaymentMethod(deps: BillingDeps, user: UserRow, paymentMethodId: string, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const sub = await q.lockLatestPaidSubscription(db, user.id);
    const active = sub && (await catchUp(db, sub, now)).status === 'active';
    if (active && (await q.otherPaymentMethodCount(db, user.id, paymentMethodId)) === 0) {
      throw conflict('Add another card before removing the only one of an active subscription.');
    }
    const removed = await q.deletePaymentMethod(db, user.id, paymentMethodId);
    if (!removed) throw notFound('Payment method not found');
    if (removed.isDefault) {
      const [next] = await q.listPaymentMethods(db, user.id);
      if (next) await q.setDefaultPaymentMethod(db, user.id, next.id);
    }
    return { success: true };
  });
}

export async function invoices(deps: BillingDeps, user: UserRow, now = new Date()): Promise<{ invoices: Invoice[] }> {
  return withTransaction(deps.pool, async ({ db }) => {
    const sub = await q.lockLatestPaidSubscription(db, user.id);
    if (sub) await catchUp(db, sub, now);
    const rows = await q.listInvoices(db, user.id);
    return {
      invoices: rows.map((row) => ({
        id: row.id,
        number: row.number,
        created: seconds(row.createdAt),
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        invoice_pdf: `/api/billing/invoices/${row.id}/pdf`,
      })),
    };
  });
}

export async function findInvoice(deps: BillingDeps, user: UserRow, invoiceId: string) {
  const row = await q.findInvoice(deps.db, user.id, invoiceId);
  if (!row) throw notFound('Invoice not found');
  return row;
}

/**
 * SPEC 4, "Subscription": at period end the account stays Pro until the period's end (and
 * the plan's end is that moment); immediately it is Free at once. Data is never touched.
 */
export async function cancelSubscription(deps: BillingDeps, user: UserRow, immediate: boolean, now = new Date()) {
  return withTransaction(deps.pool, async ({ db }) => {
    const found = await q.lockLatestPaidSubscription(db, user.id);
    const sub = found && (await catchUp(db, found, now));
    if (!sub) throw notFound('No active subscription');
    if (sub.status !== 'active' || (sub.cancelAtPeriodEnd && !immediate)) throw conflict('Subscription already cancelled');
    if (immediate) {
      await q.updateSubscription(db, sub.id, { status: 'canceled', canceledAt: now, currentPeriodEnd: now });
      await q.setAccountPlan(db, user.id, { plan: 'free', planSource: null, proUntil: null });
      return { success: true, immediate, current_period_end: seconds(now), message: 'Your subscription has been cancelled. Your account is on the Free plan now.' };
    }
    await q.updateSubscription(db, sub.id, { cancelAtPeriodEnd: true });
    await q.setAccountPlan(db, user.id, { plan: 'pro', planSource: 'billing', proUntil: sub.currentPeriodEnd });
    return {
      success: true,
      immediate,
      current_period_end: seconds(sub.currentPeriodEnd!),
      message: 'Your subscription will end at the end of the current billing period. Firemark Pro stays on until then.',
    };
  });
}
