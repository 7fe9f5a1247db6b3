import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addMonths } from 'date-fns';
import Stripe from 'stripe';
import { testCardOutcome } from '../../modules/billing/test-mode/test-cards';
import { decodeStripeForm } from './form-body';
import * as o from './objects';
import type { StripeJson } from './objects';

export { PRICE } from './objects';
export type { StripeJson } from './objects';

/** Cards that need 3-D Secure, as in Stripe's test mode: authentication opens on every payment. */
const AUTHENTICATION_REQUIRED = new Set(['4000002760003184', '4000002500003155']);
/** Saves fine but every later charge is declined (Stripe's 4000 0000 0000 0341). */
const CHARGES_FAIL = '4000000000000341';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export type CardResult =
  | { status: 'succeeded' | 'requires_action'; intent: StripeJson }
  | { status: 'failed'; error: { type: string; code: string; decline_code?: string; message: string } };

export interface FakeStripe {
  /** Where the stripe client is pointed: STRIPE_API_URL. */
  url: string;
  /** The four STRIPE_ variables and STRIPE_API_URL, for a Firemark configured for this fake. */
  env: Record<string, string>;
  webhookSecret: string;
  /** Every API request received, in order. */
  requests: RecordedRequest[];
  customers: Map<string, StripeJson>;
  subscriptions: Map<string, StripeJson>;
  invoices: Map<string, StripeJson>;
  /** 'up'; 'error': Stripe answers 500; 'unreachable': connections are dropped. */
  setState(state: 'up' | 'error' | 'unreachable'): void;
  /** What Stripe.js does with a card in the Payment Element, for a payment's secret. */
  confirmPayment(clientSecret: string, card: string): CardResult;
  /** The person passes (or fails) the 3-D Secure challenge of a payment. */
  authenticate(paymentIntentId: string, passed: boolean): CardResult;
  /** What Stripe.js does for a setup intent's secret (saving a card without paying). */
  confirmSetup(clientSecret: string, card: string): CardResult;
  /**
   * Lets time pass to `until` for one subscription (or all): trials end, renewals are
   * charged, subscriptions set to end end.
   */
  advanceTo(until: Date, subscriptionId?: string): void;
  /** The events produced since the last call, oldest first, as Stripe would post them. */
  takeEvents(): Stripe.Event[];
  /** Posts the events produced since the last call to a webhook endpoint over HTTP, signed, in order. */
  deliverTo(url: string): Promise<void>;
  /** A `Stripe-Signature` header for a body, as Stripe signs it (by default, now). */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const signer = new Stripe('sk_test_signer');

/**
 * A small stand-in for Stripe's API on loopback that answers the calls Firemark makes, with
 * Stripe's object shapes, errors and idempotency, and plays Stripe's part in the flows
 * (confirming cards, charging renewals, producing webhook events). Nothing reaches Stripe.
 */
export async function startFakeStripe(options: { now?: () => Date } = {}): Promise<FakeStripe> {
  const now = options.now ?? (() => new Date());
  const t = () => o.epoch(now());
  const webhookSecret = `whsec_${Buffer.from('firemark-fake-stripe-signing-secret').toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeJson>();
  const subscriptions = new Map<string, StripeJson>();
  const invoices = new Map<string, StripeJson>();
  const paymentIntents = new Map<string, StripeJson>();
  const setupIntents = new Map<string, StripeJson>();
  const paymentMethods = new Map<string, StripeJson>();
  /** Payment intent of each invoice, and the invoice of each payment intent. */
  const invoiceOfIntent = new Map<string, string>();
  const numbers = new Map<string, number>();
  const idempotent = new Map<string, { body: string; status: number; response: StripeJson }>();
  let events: StripeJson[] = [];
  const trialNoticeSent = new Set<string>();
  let state: 'up' | 'error' | 'unreachable' = 'up';

  const emit = (type: string, object: StripeJson) => events.push(o.event(type, object, t()));

  function newInvoice(sub: StripeJson, amount: number, reason: string, start: number, end: number): StripeJson {
    const cus = customers.get(sub.customer)!;
    const n = (numbers.get(cus.id) ?? 0) + 1;
    numbers.set(cus.id, n);
    const inv = o.invoice({ customer: cus, subscription: sub.id, amount, billingReason: reason, periodStart: start, periodEnd: end, now: t(), number: `${cus.invoice_prefix}-${String(n).padStart(4, '0')}` });
    invoices.set(inv.id, inv);
    sub.latest_invoice = inv.id;
    return inv;
  }

  function payInvoice(inv: StripeJson, pm: StripeJson | null) {
    inv.status = 'paid';
    inv.amount_paid = inv.amount_due;
    inv.amount_remaining = 0;
    inv.attempted = true;
    inv.attempt_count += inv.amount_due > 0 ? 1 : 0;
    inv.status_transitions.paid_at = t();
    inv.default_payment_method = pm?.id ?? null;
    emit('invoice.paid', inv);
  }

  function cardOf(number: string, exp = { month: 12, year: now().getUTCFullYear() + 3 }): StripeJson | { error: NonNullable<Extract<CardResult, { status: 'failed' }>['error']> } {
    const digits = number.replace(/\D/g, '');
    const known = testCardOutcome(digits);
    const special = AUTHENTICATION_REQUIRED.has(digits) || digits === CHARGES_FAIL;
    if (!special && !known.ok) {
      const message = known.message.startsWith('Your card was declined.') ? 'Your card was declined.' : known.message;
      return { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message } };
    }
    const brand = known.ok ? known.brand : 'visa';
    return o.paymentMethod({ brand, last4: digits.slice(-4), expMonth: exp.month, expYear: exp.year, now: t() });
  }

  function attach(pm: StripeJson, customerId: string, digits: string) {
    pm.customer = customerId;
    pm.metadata = { fake_card: digits };
    paymentMethods.set(pm.id, pm);
  }

  function activateAfterFirstPayment(inv: StripeJson, pi: StripeJson, pm: StripeJson) {
    pm.customer = pi.customer;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.payment_method = pm.id;
    pi.next_action = null;
    payInvoice(inv, pm);
    const sub = subscriptions.get(inv.parent.subscription_details.subscription)!;
    sub.status = 'active';
    sub.default_payment_method = pm.id;
    emit('customer.subscription.updated', sub);
  }

  // ---- The API ----

  type Answer = { status: number; body: StripeJson };
  const ok = (body: StripeJson): Answer => ({ status: 200, body });
  const missing = (what: string, id: string) => o.apiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });

  function expanded(sub: StripeJson, expand: string[]): StripeJson {
    const out = structuredClone(sub);
    const wants = (path: string) => expand.some((e) => e === path || e.startsWith(`${path}.`));
    if (wants('latest_invoice') && sub.latest_invoice) {
      const inv = structuredClone(invoices.get(sub.latest_invoice)!);
      // The first payment's secret is only sent when asked for, as Stripe's includable field.
      if (expand.includes('latest_invoice.confirmation_secret')) {
        const pi = [...invoiceOfIntent].find(([, invId]) => invId === inv.id)?.[0];
        inv.confirmation_secret = pi ? { client_secret: paymentIntents.get(pi)!.client_secret, type: 'payment_intent' } : null;
      }
      out.latest_invoice = inv;
    }
    if (wants('pending_setup_intent') && sub.pending_setup_intent) out.pending_setup_intent = structuredClone(setupIntents.get(sub.pending_setup_intent));
    return out;
  }

  /** One call; `body` holds the form body of a POST, or the query of a GET, decoded alike. */
  function route(method: string, path: string, body: StripeJson): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const cus = o.customer({ email: body.email, name: body.name ?? null, metadata: body.metadata ?? {}, now: now() });
      customers.set(cus.id, cus);
      return ok(cus);
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const cus = customers.get(m[1]!);
      if (!cus) return missing('customer', m[1]!);
      if (method === 'POST' && body.invoice_settings?.default_payment_method !== undefined) {
        cus.invoice_settings.default_payment_method = body.invoice_settings.default_payment_method || null;
      }
      return ok(cus);
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/)) && method === 'GET') {
      if (!customers.has(m[1]!)) return missing('customer', m[1]!);
      const cards = [...paymentMethods.values()].filter((pm) => pm.customer === m![1]).reverse();
      return ok(o.list(cards.slice(0, Number(body.limit ?? 10)), `/v1/customers/${m[1]}/payment_methods`));
    }
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(body);
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (method === 'GET') return ok(expanded(sub, body.expand ?? []));
      if (method === 'DELETE') {
        if (sub.status === 'canceled') return o.apiError(400, 'invalid_request_error', 'This subscription has already been canceled.');
        Object.assign(sub, { status: 'canceled', canceled_at: t(), ended_at: t() });
        sub.cancellation_details.reason = 'cancellation_requested';
        emit('customer.subscription.deleted', sub);
        return ok(sub);
      }
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.cancel_at_period_end === 'true') sub.canceled_at = t();
      if (body.default_payment_method !== undefined) sub.default_payment_method = body.default_payment_method;
      emit('customer.subscription.updated', sub);
      return ok(expanded(sub, body.expand ?? []));
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(body.customer)) return missing('customer', body.customer);
      const si = o.setupIntent({ customer: body.customer, metadata: body.metadata ?? {}, now: t() });
      setupIntents.set(si.id, si);
      return ok(si);
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)(\/detach)?$/))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return missing('PaymentMethod', m[1]!);
      if (m[2]) {
        if (!pm.customer) return o.apiError(400, 'invalid_request_error', 'The payment method you provided is not attached to a customer so detachment is impossible.');
        pm.customer = null;
      }
      return ok(pm);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const mine = [...invoices.values()].filter((inv) => inv.customer === body.customer).reverse();
      return ok(o.list(mine.slice(0, Number(body.limit ?? 10)), '/v1/invoices'));
    }
    return o.apiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function createSubscription(body: StripeJson): Answer {
    const cus = customers.get(body.customer);
    if (!cus) return missing('customer', body.customer);
    const priceId = body.items?.[0]?.price;
    if (priceId !== o.PRICE.id) return o.apiError(400, 'invalid_request_error', `No such price: '${priceId}'`, { code: 'resource_missing', param: 'items[0][price]' });
    const nowS = t();
    const trialEnd = body.trial_end ? Number(body.trial_end) : null;
    if (trialEnd !== null && trialEnd <= nowS) return o.apiError(400, 'invalid_request_error', 'Invalid timestamp: must be an integer Unix timestamp in the future.', { param: 'trial_end' });
    const anchor = trialEnd ?? nowS;
    const sub = o.subscription({
      customer: cus.id,
      metadata: body.metadata ?? {},
      status: trialEnd ? 'trialing' : 'incomplete',
      periodStart: nowS,
      periodEnd: trialEnd ?? o.epoch(addMonths(new Date(anchor * 1000), 1)),
      anchor,
      trialStart: trialEnd ? nowS : null,
      trialEnd,
      missingPaymentMethod: body.trial_settings?.end_behavior?.missing_payment_method ?? null,
      now: nowS,
    });
    subscriptions.set(sub.id, sub);
    if (trialEnd) {
      const si = o.setupIntent({ customer: cus.id, metadata: {}, now: nowS });
      setupIntents.set(si.id, si);
      sub.pending_setup_intent = si.id;
      const inv = newInvoice(sub, 0, 'subscription_create', nowS, nowS);
      emit('customer.subscription.created', sub);
      payInvoice(inv, null);
    } else {
      const inv = newInvoice(sub, o.PRICE.unit_amount, 'subscription_create', nowS, sub.items.data[0].current_period_end);
      const pi = o.paymentIntent({ customer: cus.id, amount: inv.amount_due, now: nowS });
      paymentIntents.set(pi.id, pi);
      invoiceOfIntent.set(pi.id, inv.id);
      emit('customer.subscription.created', sub);
    }
    return ok(expanded(sub, body.expand ?? []));
  }

  // ---- Stripe's part in the flows ----

  const fake: FakeStripe = {
    url: '',
    env: {},
    webhookSecret,
    requests,
    customers,
    subscriptions,
    invoices,
    setState(next) {
      state = next;
    },

    confirmPayment(clientSecret, card) {
      const pi = [...paymentIntents.values()].find((p) => p.client_secret === clientSecret);
      if (!pi) throw new Error(`No payment intent has the secret ${clientSecret}`);
      if (pi.status === 'succeeded') return { status: 'succeeded', intent: pi };
      const inv = invoices.get(invoiceOfIntent.get(pi.id)!)!;
      const pm = cardOf(card);
      if ('error' in pm) {
        pi.last_payment_error = { ...pm.error, payment_method: null };
        inv.attempted = true;
        inv.attempt_count += 1;
        emit('invoice.payment_failed', inv);
        return { status: 'failed', error: pm.error };
      }
      const digits = card.replace(/\D/g, '');
      // Saved to the customer once the payment succeeds, not before.
      pm.metadata = { fake_card: digits };
      paymentMethods.set(pm.id, pm);
      if (AUTHENTICATION_REQUIRED.has(digits)) {
        pi.status = 'requires_action';
        pi.payment_method = pm.id;
        pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
        return { status: 'requires_action', intent: pi };
      }
      activateAfterFirstPayment(inv, pi, pm);
      return { status: 'succeeded', intent: pi };
    },

    authenticate(paymentIntentId, passed) {
      const pi = paymentIntents.get(paymentIntentId)!;
      const inv = invoices.get(invoiceOfIntent.get(pi.id)!)!;
      if (!passed) {
        const error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
        inv.attempted = true;
        inv.attempt_count += 1;
        emit('invoice.payment_failed', inv);
        return { status: 'failed', error };
      }
      activateAfterFirstPayment(inv, pi, paymentMethods.get(pi.payment_method)!);
      return { status: 'succeeded', intent: pi };
    },

    confirmSetup(clientSecret, card) {
      const si = [...setupIntents.values()].find((s) => s.client_secret === clientSecret);
      if (!si) throw new Error(`No setup intent has the secret ${clientSecret}`);
      const pm = cardOf(card);
      if ('error' in pm) {
        si.last_setup_error = pm.error;
        return { status: 'failed', error: pm.error };
      }
      attach(pm, si.customer, card.replace(/\D/g, ''));
      Object.assign(si, { status: 'succeeded', payment_method: pm.id });
      const sub = [...subscriptions.values()].find((s) => s.pending_setup_intent === si.id);
      if (sub) {
        sub.pending_setup_intent = null;
        sub.default_payment_method = pm.id;
        emit('customer.subscription.updated', sub);
      }
      return { status: 'succeeded', intent: si };
    },

    advanceTo(until, subscriptionId) {
      const end = o.epoch(until);
      for (const sub of subscriptions.values()) {
        if (subscriptionId && sub.id !== subscriptionId) continue;
        // Stripe's notice three days before a trial ends.
        if (sub.status === 'trialing' && sub.trial_end - 3 * 24 * 3600 <= end && !trialNoticeSent.has(sub.id)) {
          trialNoticeSent.add(sub.id);
          emit('customer.subscription.trial_will_end', sub);
        }
        const item = sub.items.data[0];
        while (['trialing', 'active', 'past_due'].includes(sub.status) && item.current_period_end <= end) {
          const periodEnd = item.current_period_end;
          if (sub.cancel_at_period_end) {
            Object.assign(sub, { status: 'canceled', ended_at: periodEnd });
            emit('customer.subscription.deleted', sub);
            break;
          }
          const pm = paymentMethods.get(sub.default_payment_method ?? customers.get(sub.customer)!.invoice_settings.default_payment_method);
          if (sub.status === 'trialing' && !pm) {
            Object.assign(sub, { status: 'canceled', canceled_at: periodEnd, ended_at: periodEnd });
            sub.cancellation_details.reason = 'trial_end_without_payment_method';
            emit('customer.subscription.deleted', sub);
            break;
          }
          // Renewals are counted from the anchor, so Jan 31 renews on Feb 28, then Mar 31.
          const anchor = new Date(sub.billing_cycle_anchor * 1000);
          let n = 0;
          while (o.epoch(addMonths(anchor, n)) <= periodEnd) n++;
          item.current_period_start = periodEnd;
          item.current_period_end = o.epoch(addMonths(anchor, n));
          const inv = newInvoice(sub, o.PRICE.unit_amount, 'subscription_cycle', periodEnd, item.current_period_end);
          inv.created = periodEnd;
          if (pm && pm.metadata.fake_card !== CHARGES_FAIL) {
            payInvoice(inv, pm);
            sub.status = 'active';
          } else {
            Object.assign(inv, { attempted: true, attempt_count: 1, next_payment_attempt: periodEnd + 3 * 24 * 3600 });
            emit('invoice.payment_failed', inv);
            sub.status = 'past_due';
          }
          emit('customer.subscription.updated', sub);
        }
      }
    },

    takeEvents() {
      const taken = events;
      events = [];
      return taken as unknown as Stripe.Event[];
    },

    async deliverTo(url) {
      for (const event of fake.takeEvents()) {
        const payload = JSON.stringify(event);
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': fake.sign(payload) },
          body: payload,
        });
        if (!answer.ok) throw new Error(`Webhook ${event.type} refused: ${answer.status} ${await answer.text()}`);
      }
    },

    sign(payload, signOptions = {}) {
      return signer.webhooks.generateTestHeaderString({ payload, secret: signOptions.secret ?? webhookSecret, timestamp: signOptions.timestamp ?? t() });
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state === 'unreachable') {
        req.socket.destroy();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = decodeStripeForm(req.method === 'POST' ? text : url.search.slice(1));
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, body });
      let answer: Answer;
      if (state === 'error') answer = o.apiError(500, 'api_error', 'An unknown error occurred');
      else if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) answer = o.apiError(401, 'invalid_request_error', 'Invalid API Key provided.');
      else if (key && req.method === 'POST' && idempotent.has(key)) {
        const seen = idempotent.get(key)!;
        answer =
          seen.body === text
            ? { status: seen.status, body: seen.response }
            : o.apiError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      } else {
        answer = route(req.method!, url.pathname, body);
        if (key && req.method === 'POST') idempotent.set(key, { body: text, status: answer.status, response: answer.body });
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': o.stripeId('req', 14), 'stripe-version': o.API_VERSION });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    STRIPE_SECRET_KEY: 'sk_test_51FiremarkFakeStripeKey',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51FiremarkFakeStripeKey',
    STRIPE_PRICE_ID: o.PRICE.id,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
  };
  return fake;
}
