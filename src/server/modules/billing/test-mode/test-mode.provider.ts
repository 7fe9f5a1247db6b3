import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { ERROR_CODES } from '@shared/api-error';
import type { BillingSubscription, CancelResult, CreatedSubscription, Invoice, PaymentMethod } from '@shared/schemas/billing';
import { PRO_PLAN_NAME, PRO_PRICE_CENTS } from '@shared/plans';
import type { DbOrTx } from '../../../db/client';
import type { BillingCustomer } from '../billing-provider';
import { withTransaction } from '../../../db/transaction';
import { AppError, conflict, notFound, validationFailed } from '../../../errors';
import { findPlanDetails } from '../../subscription/subscription.queries';
import { cancelledNowMessage, followSubscription } from '../account-plan';
import { markPaid } from '../account-plan.queries';
import type { BillingDeps, BillingProvider } from '../billing-provider';
import * as q from './test-mode.queries';
import { passesLuhn, testCardOutcome } from './test-cards';
import { testModeRoutes } from './test-mode.routes';

const CURRENCY = 'usd';
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const secretOf = (intentId: string) => `${intentId}_secret_${randomBytes(8).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the test-mode provider says of a card: its brand, or why it is refused. */
function checkCard(card: Card, now: Date): { brand: string; last4: string } {
  if (!passesLuhn(card.number)) throw validationFailed({ 'card.number': ['Your card number is incorrect.'] });
  const expiresAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1)); // the first moment after the expiry month
  if (expiresAfter <= now) throw validationFailed({ 'card.expYear': ["Your card's expiration date is in the past."] });
  const outcome = testCardOutcome(card.number);
  if (!outcome.ok) throw new AppError(ERROR_CODES.cardDeclined, outcome.message);
  return { brand: outcome.brand, last4: card.number.slice(-4) };
}

/**
 * The n-th renewal date after the anchor. Counted from the anchor each time, never from
 * the previous renewal, so a subscription started on Jan 31 renews on Feb 28 and then on
 * Mar 31, as Stripe's do.
 */
export const renewalDate = (anchor: Date, n: number): Date => addMonths(anchor, n);

/**
 * Moves a subscription through the periods that have passed: a trial with a saved card
 * takes its first payment at its end, an active subscription one paid invoice per renewal
 * (test mode always collects), and one set to end at its period's end ends.
 */
async function catchUp(db: DbOrTx, sub: q.SubscriptionRow, now: Date): Promise<q.SubscriptionRow> {
  const live = sub.status === 'active' || sub.status === 'trialing';
  if (!live || !sub.currentPeriodEnd || sub.currentPeriodEnd > now) return sub;
  if (sub.cancelAtPeriodEnd) {
    const ended = { ...sub, status: 'canceled', canceledAt: sub.currentPeriodEnd };
    await q.updateSubscription(db, sub.id, { status: ended.status, canceledAt: ended.canceledAt });
    return ended;
  }
  const card = await q.defaultPaymentMethod(db, sub.organizationId);
  const anchor = sub.billingCycleAnchor ?? sub.currentPeriodStart!;
  // The renewal that ends the stored period, then every one that has passed since.
  let n = 0;
  while (renewalDate(anchor, n) < sub.currentPeriodEnd) n++;
  let start = renewalDate(anchor, n);
  for (; start <= now; n++, start = renewalDate(anchor, n)) await invoice(db, sub, start, renewalDate(anchor, n + 1), card);
  const current = { ...sub, status: 'active', currentPeriodStart: renewalDate(anchor, n - 1), currentPeriodEnd: start };
  await q.updateSubscription(db, sub.id, { status: current.status, currentPeriodStart: current.currentPeriodStart, currentPeriodEnd: current.currentPeriodEnd });
  return current;
}

async function invoice(db: DbOrTx, sub: q.SubscriptionRow, start: Date, end: Date, card: { brand: string; last4: string } | undefined) {
  const n = (await q.countInvoices(db, sub.organizationId)) + 1;
  await q.insertInvoice(db, {
    id: id('in'),
    organizationId: sub.organizationId,
    subscriptionId: sub.id,
    number: `FM-${String(sub.organizationId).padStart(5, '0')}-${String(n).padStart(4, '0')}`,
    amount: PRO_PRICE_CENTS,
    currency: CURRENCY,
    status: 'paid',
    periodStart: start,
    periodEnd: end,
    paidWith: card ? `${card.brand} ending ${card.last4}` : null,
    createdAt: start,
  });
  await markPaid(db, sub.organizationId, start);
}

function toApi(sub: q.SubscriptionRow): BillingSubscription {
  return {
    id: sub.id,
    status: sub.status === 'active' || sub.status === 'trialing' ? sub.status : 'canceled',
    current_period_start: seconds(sub.currentPeriodStart!),
    current_period_end: seconds(sub.currentPeriodEnd!),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt ? seconds(sub.canceledAt) : null,
    trial_end: sub.trialEnd ? seconds(sub.trialEnd) : null,
    plan: { name: PRO_PLAN_NAME, amount: PRO_PRICE_CENTS, currency: CURRENCY, interval: 'month' },
  };
}

function toPaymentMethod(row: Awaited<ReturnType<typeof q.listPaymentMethods>>[number]): PaymentMethod {
  return { id: row.id, card: { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear }, isDefault: row.isDefault };
}

/** The account's free trial while it has time left: paying then keeps Pro after it. */
async function runningTrialEnd(db: DbOrTx, organizationId: number, now: Date): Promise<Date | null> {
  const plan = await findPlanDetails(db, organizationId, now);
  return plan.plan === 'pro' && plan.planSource === 'trial' && plan.proUntil && plan.proUntil > now ? plan.proUntil : null;
}

type Confirmed = { paymentIntent: { id: string; status: 'succeeded' } } | { setupIntent: { id: string; status: 'succeeded' } };

export interface TestModeProvider extends BillingProvider {
  confirmPayment(user: BillingCustomer, input: { clientSecret: string; card: Card }, now?: Date): Promise<Confirmed>;
  confirmSetup(user: BillingCustomer, input: { clientSecret: string; card: Card }, now?: Date): Promise<{ paymentMethod: PaymentMethod }>;
  findInvoice(user: BillingCustomer, invoiceId: string): Promise<q.InvoiceRow>;
}

/**
 * DECISIONS "Billing": the built-in provider that stands in for Stripe on a fresh machine,
 * behind the same calls and shapes. Test cards only, nothing charged (docs/decisions/009).
 */
export function createTestModeProvider(deps: BillingDeps): TestModeProvider {
  const provider: TestModeProvider = {
    config: { provider: 'test' as const, testMode: true, publishableKey: null },

    /** The latest paid subscription, brought up to date. */
    subscriptionDetails(user: BillingCustomer, now = new Date()) {
      return withTransaction(deps.pool, async ({ db }) => {
        const sub = await q.lockLatestPaidSubscription(db, user.id);
        return { testMode: true, subscription: sub ? toApi(await catchUp(db, sub, now)) : null };
      });
    },

    /**
     * POST /api/create-subscription: a subscription waiting for its first payment, or, during
     * the account's free trial, for a card to charge when the trial ends.
     */
    createSubscription(user: BillingCustomer, now = new Date()): Promise<CreatedSubscription> {
      return withTransaction(deps.pool, async ({ db }) => {
        const paid = await q.lockLatestPaidSubscription(db, user.id);
        if (paid && ['active', 'trialing'].includes((await catchUp(db, paid, now)).status)) {
          throw conflict('You already have an active subscription.');
        }
        await q.ensureCustomerId(db, user.id);
        const trialEnd = await runningTrialEnd(db, user.id, now);
        let waiting = await q.findIncompleteSubscription(db, user.id);
        // Opened before the trial started (or after it ended): it would charge at the wrong time.
        if (waiting && waiting.trialEnd?.getTime() !== trialEnd?.getTime()) {
          await q.deleteSubscription(db, waiting.id);
          waiting = undefined;
        }
        const clientSecret = waiting?.clientSecret ?? secretOf(id(trialEnd ? 'seti' : 'pi'));
        if (!waiting) await q.insertSubscription(db, { id: id('sub'), organizationId: user.id, clientSecret, trialEnd });
        return {
          clientSecret,
          intent: trialEnd ? 'setup' : 'payment',
          message: trialEnd
            ? `Save a card to keep ${PRO_PLAN_NAME} when your trial ends; the first payment is taken then.`
            : `Subscription created. Confirm the payment to start ${PRO_PLAN_NAME}.`,
          details: { amount: PRO_PRICE_CENTS, currency: CURRENCY },
        };
      });
    },

    /**
     * The test-mode payment form's confirmation: the card is checked (as Stripe's test cards
     * behave) and saved as the default. Without a trial it is charged: the subscription starts
     * for a month, a paid invoice is written and the account is Pro with no end date. During
     * the trial it is kept for the trial's end, when the first payment is taken. One transaction.
     */
    confirmPayment(user: BillingCustomer, input: { clientSecret: string; card: Card }, now = new Date()) {
      return withTransaction(deps.pool, async ({ db }) => {
        const sub = await q.lockSubscriptionBySecret(db, user.id, input.clientSecret);
        if (!sub) throw notFound('This payment was not found. Please refresh the page and try again.');
        const intent = { id: input.clientSecret.split('_secret_')[0]!, status: 'succeeded' as const };
        const answer: Confirmed = sub.trialEnd ? { setupIntent: intent } : { paymentIntent: intent };
        if (sub.status === 'active' || sub.status === 'trialing') return answer;
        if (sub.status !== 'incomplete') throw conflict('This payment can no longer be completed. Please refresh the page and try again.');
        const checked = checkCard(input.card, now);
        const card = await q.addDefaultPaymentMethod(db, { id: id('pm'), organizationId: user.id, ...checked, expMonth: input.card.expMonth, expYear: input.card.expYear });
        const anchor = sub.trialEnd ?? now;
        const started = {
          ...sub,
          status: sub.trialEnd ? 'trialing' : 'active',
          currentPeriodStart: now,
          currentPeriodEnd: sub.trialEnd ?? renewalDate(anchor, 1),
          billingCycleAnchor: anchor,
          defaultPaymentMethod: card.id,
        };
        await q.updateSubscription(db, sub.id, {
          status: started.status,
          currentPeriodStart: started.currentPeriodStart,
          currentPeriodEnd: started.currentPeriodEnd,
          billingCycleAnchor: anchor,
          defaultPaymentMethod: card.id,
        });
        if (!sub.trialEnd) await invoice(db, started, now, started.currentPeriodEnd, card);
        await followSubscription(db, user.id, started, now);
        return answer;
      });
    },

    async createSetupIntent(user: BillingCustomer) {
      const clientSecret = secretOf(id('seti'));
      await q.ensureCustomerId(deps.db, user.id);
      await q.insertSetupIntent(deps.db, user.id, clientSecret);
      return { clientSecret };
    },

    /** Saves a card without charging it (test mode checks it the same way) as the default. */
    confirmSetup(user: BillingCustomer, input: { clientSecret: string; card: Card }, now = new Date()) {
      return withTransaction(deps.pool, async ({ db }) => {
        const checked = checkCard(input.card, now);
        if (!(await q.useSetupIntent(db, user.id, input.clientSecret, now))) {
          throw notFound('This card form has expired. Please open it again.');
        }
        const row = await q.addDefaultPaymentMethod(db, { id: id('pm'), organizationId: user.id, ...checked, expMonth: input.card.expMonth, expYear: input.card.expYear });
        return { paymentMethod: toPaymentMethod(row) };
      });
    },

    async paymentMethods(user: BillingCustomer): Promise<PaymentMethod[]> {
      return (await q.listPaymentMethods(deps.db, user.id)).map(toPaymentMethod);
    },

    async setDefaultPaymentMethod(user: BillingCustomer, paymentMethodId: string) {
      const found = await withTransaction(deps.pool, ({ db }) => q.setDefaultPaymentMethod(db, user.id, paymentMethodId));
      if (!found) throw notFound('Payment method not found');
      return { success: true as const };
    },

    deletePaymentMethod(user: BillingCustomer, paymentMethodId: string, now = new Date()) {
      return withTransaction(deps.pool, async ({ db }) => {
        const sub = await q.lockLatestPaidSubscription(db, user.id);
        const live = sub && ['active', 'trialing'].includes((await catchUp(db, sub, now)).status);
        if (live && (await q.otherPaymentMethodCount(db, user.id, paymentMethodId)) === 0) {
          throw conflict('Add another card before removing the only one of an active subscription.');
        }
        const removed = await q.deletePaymentMethod(db, user.id, paymentMethodId);
        if (!removed) throw notFound('Payment method not found');
        if (removed.isDefault) {
          const [next] = await q.listPaymentMethods(db, user.id);
          if (next) await q.setDefaultPaymentMethod(db, user.id, next.id);
        }
        return { success: true as const };
      });
    },

    invoices(user: BillingCustomer, now = new Date()): Promise<{ invoices: Invoice[] }> {
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
    },

    async findInvoice(user: BillingCustomer, invoiceId: string) {
      const row = await q.findInvoice(deps.db, user.id, invoiceId);
      if (!row) throw notFound('Invoice not found');
      return row;
    },

    /**
     * SPEC 4, "Subscription": at period end the account stays Pro until the period's end (and
     * the plan's end is that moment); immediately it is Free at once. Data is never touched.
     */
    cancelSubscription(user: BillingCustomer, immediate: boolean, now = new Date()): Promise<CancelResult> {
      return withTransaction(deps.pool, async ({ db }) => {
        const found = await q.lockLatestPaidSubscription(db, user.id);
        const sub = found && (await catchUp(db, found, now));
        if (!sub) throw notFound('No active subscription');
        if (sub.status === 'canceled' || (sub.cancelAtPeriodEnd && !immediate)) throw conflict('Subscription already cancelled');
        if (immediate) {
          const ended = { ...sub, status: 'canceled', canceledAt: now, currentPeriodEnd: now };
          await q.updateSubscription(db, sub.id, { status: ended.status, canceledAt: now, currentPeriodEnd: now });
          await followSubscription(db, user.id, ended, now);
          return { success: true, immediate, current_period_end: seconds(now), message: cancelledNowMessage(ended, now) };
        }
        const ending = { ...sub, cancelAtPeriodEnd: true };
        await q.updateSubscription(db, sub.id, { cancelAtPeriodEnd: true });
        await followSubscription(db, user.id, ending, now);
        return {
          success: true,
          immediate,
          current_period_end: seconds(sub.currentPeriodEnd!),
          message: `Your subscription will end at the end of the current billing period. ${PRO_PLAN_NAME} stays on until then.`,
        };
      });
    },

    registerRoutes: (app) => testModeRoutes(app, provider, deps.db),
  };
  return provider;
}
