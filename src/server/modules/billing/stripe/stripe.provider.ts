import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { BillingSubscription, CancelResult, CreatedSubscription, Invoice, PaymentMethod } from '@shared/schemas/billing';
import { PRO_PLAN_NAME, PRO_PRICE_CENTS } from '@shared/plans';
import type { BillingCustomer } from '../billing-provider';
import { withTransaction } from '../../../db/transaction';
import { AppError, conflict, notFound } from '../../../errors';
import { ERROR_CODES } from '@shared/api-error';
import { findPlanDetails } from '../../subscription/subscription.queries';
import { cancelledNowMessage, givesPro } from '../account-plan';
import type { BillingSettings } from '../billing-config';
import type { BillingDeps, BillingProvider } from '../billing-provider';
import { createStripeClient } from './stripe-client';
import { stripeCall } from './stripe-errors';
import * as q from './stripe.queries';
import { applySubscription, idOf } from './stripe-subscriptions';
import { stripeWebhookRoutes } from './stripe-webhook';

type StripeSettings = Extract<BillingSettings, { provider: 'stripe' }>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Stripe needs the trial's end comfortably ahead; a trial about to end is simply paid now. */
const MIN_TRIAL_LEFT_MS = 60 * 60 * 1000;

/**
 * Idempotency keys name what is created, from the account (its id and creation time, which
 * no other account shares even across a reset database), so that a retried or doubled
 * request creates one thing at Stripe.
 */
const accountKey = (user: BillingCustomer) => `firemark-${user.id}-${user.createdAt.getTime()}`;

/** A subscription the account pays or has a card for, as SPEC's billing details show it. */
function toApi(row: q.SubscriptionRow, price: { amount: number; currency: string }): BillingSubscription {
  return {
    id: row.id,
    status: row.status as BillingSubscription['status'],
    current_period_start: seconds(row.currentPeriodStart!),
    current_period_end: seconds(row.currentPeriodEnd!),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt ? seconds(row.canceledAt) : null,
    trial_end: row.trialEnd ? seconds(row.trialEnd) : null,
    plan: { name: PRO_PLAN_NAME, amount: price.amount, currency: price.currency, interval: 'month' },
  };
}

/** Was paid or holds a card for its trial: worth showing, unlike an abandoned first payment. */
const wasTaken = (row: q.SubscriptionRow) =>
  givesPro(row) || (['canceled', 'unpaid', 'paused'].includes(row.status) && row.currentPeriodStart !== null && (row.trialEnd === null || row.defaultPaymentMethod !== null));

/**
 * DECISIONS "Billing": Stripe behind SPEC's calls. The state of each subscription lives in
 * our database, written by Stripe's webhooks (and by the answers to our own calls), so the
 * plan and the subscription details never wait for Stripe; cards and invoices are read
 * from Stripe when the Billing page asks for them.
 */
export function createStripeProvider(deps: BillingDeps, settings: StripeSettings): BillingProvider {
  const stripe = createStripeClient(settings);
  const price = { amount: PRO_PRICE_CENTS, currency: 'usd' };

  /** The account's Stripe customer, created once (with its e-mail) the first time it is needed. */
  async function customerOf(user: BillingCustomer): Promise<string> {
    const known = user.stripeCustomerId && !user.stripeCustomerId.startsWith('cus_test_') ? user.stripeCustomerId : null;
    if (known) return known;
    const customer = await stripeCall(() =>
      stripe.customers.create(
        { email: user.email, name: user.fullName || user.username, metadata: { firemark_user_id: String(user.id) } },
        { idempotencyKey: `${accountKey(user)}-customer` },
      ),
    );
    const kept = await q.saveCustomerId(deps.db, user.id, customer.id);
    user.stripeCustomerId = kept;
    return kept;
  }

  const existingCustomer = (user: BillingCustomer) =>
    user.stripeCustomerId && !user.stripeCustomerId.startsWith('cus_test_') ? user.stripeCustomerId : null;

  /** The subscription that is paid or has a card now, if any: the one cancel and cards act on. */
  async function currentSubscription(organizationId: number) {
    return (await q.listSubscriptions(deps.db, organizationId)).find(givesPro);
  }

  /** The secret the payment form confirms, or null when the subscription no longer waits for one. */
  function secretOf(sub: Stripe.Subscription): Pick<CreatedSubscription, 'clientSecret' | 'intent'> | null {
    if (sub.status === 'incomplete' && typeof sub.latest_invoice === 'object' && sub.latest_invoice?.confirmation_secret) {
      return { clientSecret: sub.latest_invoice.confirmation_secret.client_secret, intent: 'payment' };
    }
    const setup = sub.pending_setup_intent;
    if (sub.status === 'trialing' && typeof setup === 'object' && setup?.client_secret && !sub.default_payment_method) {
      return { clientSecret: setup.client_secret, intent: 'setup' };
    }
    return null;
  }

  const expand = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

  async function record(sub: Stripe.Subscription, now: Date) {
    return withTransaction(deps.pool, ({ db }) => applySubscription(db, sub, now));
  }

  const provider: BillingProvider = {
    config: { provider: 'stripe', testMode: settings.testKeys, publishableKey: settings.publishableKey },

    async subscriptionDetails(user) {
      const rows = await q.listSubscriptions(deps.db, user.id);
      const shown = rows.find(givesPro) ?? rows.find(wasTaken);
      return { testMode: settings.testKeys, subscription: shown ? toApi(shown, price) : null };
    },

    /**
     * POST /api/create-subscription: a Stripe subscription whose first invoice waits for the
     * Payment Element (payment_behavior default_incomplete). During the account's free trial
     * it carries the trial's end, so the card is saved now and charged then.
     */
    async createSubscription(user, now = new Date()) {
      if (await currentSubscription(user.id)) throw conflict('You already have an active subscription.');
      const customer = await customerOf(user);
      const plan = await findPlanDetails(deps.db, user.id, now);
      const trialEnd =
        plan.plan === 'pro' && plan.planSource === 'trial' && plan.proUntil && plan.proUntil.getTime() - now.getTime() > MIN_TRIAL_LEFT_MS
          ? plan.proUntil
          : null;

      // Opened before and left: the same subscription serves, while Stripe still waits on it.
      const waiting = await q.findWaitingSubscription(deps.db, user.id);
      if (waiting && (waiting.trialEnd?.getTime() ?? null) === (trialEnd?.getTime() ?? null)) {
        const again = await stripeCall(() => stripe.subscriptions.retrieve(waiting.id, { expand }));
        const secret = secretOf(again);
        if (secret) return answer(secret);
      }

      const n = (await q.countSubscriptions(deps.db, user.id)) + 1;
      const sub = await stripeCall(() =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price: settings.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
            metadata: { firemark_user_id: String(user.id) },
            expand,
            ...(trialEnd
              ? { trial_end: seconds(trialEnd), trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }
              : {}),
          },
          { idempotencyKey: `${accountKey(user)}-subscription-${n}` },
        ),
      );
      await record(sub, now);
      const secret = secretOf(sub);
      if (!secret) throw conflict('You already have an active subscription.');
      return answer(secret);

      function answer(secret: Pick<CreatedSubscription, 'clientSecret' | 'intent'>): CreatedSubscription {
        return {
          ...secret,
          message:
            secret.intent === 'setup'
              ? `Save a card to keep ${PRO_PLAN_NAME} when your trial ends; the first payment is taken then.`
              : `Subscription created. Confirm the payment to start ${PRO_PLAN_NAME}.`,
          details: price,
        };
      }
    },

    async createSetupIntent(user) {
      const customer = await customerOf(user);
      const intent = await stripeCall(() =>
        stripe.setupIntents.create(
          { customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { firemark_user_id: String(user.id) } },
          { idempotencyKey: `${accountKey(user)}-setup-${randomUUID()}` },
        ),
      );
      return { clientSecret: intent.client_secret! };
    },

    async paymentMethods(user) {
      const customer = existingCustomer(user);
      if (!customer) return [];
      const sub = await currentSubscription(user.id);
      const [cards, defaultId] = await Promise.all([
        stripeCall(() => stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 20 })),
        sub?.defaultPaymentMethod
          ? Promise.resolve(sub.defaultPaymentMethod)
          : stripeCall(() => stripe.customers.retrieve(customer)).then((c) => ('deleted' in c && c.deleted ? null : idOf(c.invoice_settings.default_payment_method))),
      ]);
      return cards.data
        .filter((pm) => pm.card)
        .map((pm): PaymentMethod => ({
          id: pm.id,
          card: { brand: pm.card!.brand, last4: pm.card!.last4, exp_month: pm.card!.exp_month, exp_year: pm.card!.exp_year },
          isDefault: pm.id === defaultId,
        }))
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    },

    /** The card pays the next invoices: the customer's default, and the subscription's. */
    async setDefaultPaymentMethod(user, paymentMethodId) {
      const now = new Date();
      const customer = existingCustomer(user);
      const card = customer ? await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId), 'Payment method not found') : null;
      if (!card || idOf(card.customer) !== customer) throw notFound('Payment method not found');
      await stripeCall(() => stripe.customers.update(customer!, { invoice_settings: { default_payment_method: card.id } }));
      const sub = await currentSubscription(user.id);
      if (sub) await record(await stripeCall(() => stripe.subscriptions.update(sub.id, { default_payment_method: card.id })), now);
      return { success: true };
    },

    async deletePaymentMethod(user, paymentMethodId) {
      const cards = await provider.paymentMethods(user);
      const card = cards.find((c) => c.id === paymentMethodId);
      if (!card) throw notFound('Payment method not found');
      const others = cards.filter((c) => c.id !== paymentMethodId);
      if ((await currentSubscription(user.id)) && others.length === 0) {
        throw conflict('Add another card before removing the only one of an active subscription.');
      }
      if (card.isDefault && others[0]) await provider.setDefaultPaymentMethod(user, others[0].id);
      await stripeCall(() => stripe.paymentMethods.detach(paymentMethodId), 'Payment method not found');
      return { success: true };
    },

    /** Stripe's invoices, each with its hosted PDF. */
    async invoices(user) {
      const customer = existingCustomer(user);
      if (!customer) return { invoices: [] };
      const list = await stripeCall(() => stripe.invoices.list({ customer, limit: 24 }));
      const invoices: Invoice[] = list.data
        .filter((inv) => inv.status !== 'draft')
        .map((inv) => ({
          id: inv.id,
          number: inv.number ?? inv.id,
          created: inv.created,
          amount: inv.total,
          currency: inv.currency,
          status: inv.status ?? 'open',
          invoice_pdf: inv.invoice_pdf ?? inv.hosted_invoice_url ?? '',
        }));
      return { invoices };
    },

    /** At period end Stripe keeps the subscription until then; at once it ends it now. */
    async cancelSubscription(user, immediate, now = new Date()): Promise<CancelResult> {
      const sub = await currentSubscription(user.id);
      if (!sub) throw notFound('No active subscription');
      if (sub.cancelAtPeriodEnd && !immediate) throw conflict('Subscription already cancelled');
      const missing = 'No active subscription';
      const answer = immediate
        ? await stripeCall(() => stripe.subscriptions.cancel(sub.id), missing)
        : await stripeCall(() => stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }), missing);
      const row = await record(answer, now);
      if (!row) throw new AppError(ERROR_CODES.internal, 'The subscription could not be read back.');
      if (immediate) return { success: true, immediate, current_period_end: seconds(now), message: cancelledNowMessage(row, now) };
      return {
        success: true,
        immediate,
        current_period_end: seconds(row.currentPeriodEnd!),
        message: `Your subscription will end at the end of the current billing period. ${PRO_PLAN_NAME} stays on until then.`,
      };
    },

    registerRoutes: (app) => stripeWebhookRoutes(app, { ...deps, stripe, webhookSecret: settings.webhookSecret }),
  };
  return provider;
}
