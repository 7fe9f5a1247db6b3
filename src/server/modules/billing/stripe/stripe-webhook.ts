import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { validationFailed } from '../../../errors';
import { fileBody } from '../../../route-schema';
import { withTransaction, type Tx } from '../../../db/transaction';
import { queueEmail } from '../../../email/outbox';
import { paymentFailedEmail, trialEndingEmail } from '../../../email/templates/billing';
import { markPaid } from '../account-plan.queries';
import type { BillingDeps } from '../billing-provider';
import * as q from './stripe.queries';
import { applySubscription, idOf } from './stripe-subscriptions';
import { WEBHOOK_PATH } from './stripe-web';

export { WEBHOOK_PATH };

/** The events Firemark asks Stripe for (README, "Billing with Stripe"). */
export const WEBHOOK_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

type Outcome = 'applied' | 'duplicate' | 'ignored';

const nameOf = (user: { fullName: string | null; username: string }) => user.fullName || user.username;

/**
 * Applies one verified event. The event's id is stored in the same transaction as the
 * change it causes, so a repeated delivery, or the same event delivered twice at once,
 * changes the account and sends its e-mail once.
 */
export function handleStripeEvent(deps: BillingDeps, event: Stripe.Event, now = new Date()): Promise<Outcome> {
  return withTransaction(deps.pool, async (tx) => {
    if (!(await q.recordEvent(tx.db, event))) return 'duplicate';
    const created = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return (await applySubscription(tx.db, event.data.object, now, created)) ? 'applied' : 'ignored';
      case 'customer.subscription.trial_will_end':
        return trialWillEnd(deps, tx, event.data.object, now, created);
      case 'invoice.paid':
        return invoicePaid(tx, event.data.object);
      case 'invoice.payment_failed':
        return paymentFailed(deps, tx, event.data.object);
      default:
        return 'ignored';
    }
  });
}

/** The first payment makes the account one that has paid (no free trial any more). */
async function invoicePaid(tx: Tx, invoice: Stripe.Invoice): Promise<Outcome> {
  const customerId = idOf(invoice.customer);
  const user = customerId ? await q.findCustomerOrganization(tx.db, customerId) : undefined;
  if (!user || invoice.amount_paid <= 0) return 'ignored';
  await markPaid(tx.db, user.id, new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000));
  return 'applied';
}

/**
 * A renewal that could not be charged: the account hears of it once per failed attempt,
 * with a link to its Billing page. A refused first payment is not mailed: the person is
 * looking at the payment form, which says so.
 */
async function paymentFailed(deps: BillingDeps, tx: Tx, invoice: Stripe.Invoice): Promise<Outcome> {
  const customerId = idOf(invoice.customer);
  const user = customerId ? await q.findCustomerOrganization(tx.db, customerId) : undefined;
  if (!user || invoice.billing_reason === 'subscription_create') return 'ignored';
  await queueEmail(tx, deps.boss, {
    kind: 'payment_failed',
    organizationId: user.id,
    userId: user.contactUserId,
    to: user.email,
    ...paymentFailedEmail({
      name: nameOf(user),
      amount: invoice.amount_due,
      currency: invoice.currency,
      nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
      billingUrl: `${deps.config.appUrl}/billing`,
      supportEmail: deps.config.supportEmail,
    }),
  });
  return 'applied';
}

/** Stripe's notice three days before a trial ends: the account is told what happens then. */
async function trialWillEnd(deps: BillingDeps, tx: Tx, sub: Stripe.Subscription, now: Date, created: Date): Promise<Outcome> {
  const row = await applySubscription(tx.db, sub, now, created);
  const customerId = idOf(sub.customer);
  const user = customerId ? await q.findCustomerOrganization(tx.db, customerId) : undefined;
  if (!row || !user || !sub.trial_end || sub.status !== 'trialing') return 'ignored';
  const price = sub.items.data[0]?.price;
  await queueEmail(tx, deps.boss, {
    kind: 'trial_ending',
    organizationId: user.id,
    userId: user.contactUserId,
    to: user.email,
    ...trialEndingEmail({
      name: nameOf(user),
      trialEnd: new Date(sub.trial_end * 1000),
      hasCard: idOf(sub.default_payment_method) !== null,
      amount: price?.unit_amount ?? 0,
      currency: price?.currency ?? sub.currency,
      billingUrl: `${deps.config.appUrl}/billing`,
      supportEmail: deps.config.supportEmail,
    }),
  });
  return 'applied';
}

/**
 * POST /api/stripe/webhook. Stripe signs the exact bytes it sends, so this route reads the
 * body raw (its own parser, in its own scope) and checks the signature with Stripe's
 * library and its default 300-second tolerance before anything else. It is the one route
 * exempt from the same-origin rule (plugins/security.ts): Stripe sends no Origin, and the
 * signature is its proof.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: BillingDeps & { stripe: Stripe; webhookSecret: string }): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const schema = {
      tags: ['Billing'],
      summary: 'Receive a Stripe event',
      description: "For Stripe alone: the body is checked against the `Stripe-Signature` header with the webhook's secret.",
      public: true,
      body: fileBody('application/json'),
      response: { 200: z.object({ received: z.literal(true) }) },
    };
    scope.post(WEBHOOK_PATH, { schema }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw validationFailed({ 'stripe-signature': ['Missing'] }, 'Send a Stripe webhook event, signed, as JSON.');
      }
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        request.log.warn({ reason: error.message }, 'Stripe webhook refused');
        throw validationFailed({ 'stripe-signature': [error.message] }, 'The webhook signature is not valid or too old.');
      }
      const outcome = await handleStripeEvent(deps, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook');
      return reply.send({ received: true });
    });
  });
}
