import { randomBytes } from 'node:crypto';

/**
 * Stripe's objects as its API (version 2026-10-28.endive) returns them, with the fields
 * Firemark reads and the usual ones around them, after Stripe's documented shapes and the
 * fixtures of github.com/stripe/openapi. Kept as plain JSON: the fake server mutates them.
 */
/** Stripe's JSON as it is: the fake reads and writes its fields freely. */
export type StripeJson = Record<string, any>;

export const API_VERSION = '2026-10-28.endive';
export const PRICE = { id: 'price_1FiremarkProMonthly', product: 'prod_FiremarkPro', unit_amount: 2900, currency: 'usd' };

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

export const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

export function customer(input: { email: string; name: string | null; metadata: StripeJson; now: Date }): StripeJson {
  return {
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: epoch(input.now),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: input.email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function price(): StripeJson {
  return {
    id: PRICE.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1_767_225_600,
    currency: PRICE.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: PRICE.product,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: PRICE.unit_amount,
    unit_amount_decimal: String(PRICE.unit_amount),
  };
}

export function subscription(input: {
  customer: string;
  metadata: StripeJson;
  status: string;
  periodStart: number;
  periodEnd: number;
  anchor: number;
  trialStart: number | null;
  trialEnd: number | null;
  missingPaymentMethod: string | null;
  now: number;
}): StripeJson {
  const id = stripeId('sub');
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible' },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.now,
    currency: PRICE.currency,
    customer: input.customer,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si', 14),
          object: 'subscription_item',
          created: input.now,
          current_period_end: input.periodEnd,
          current_period_start: input.periodStart,
          discounts: [],
          metadata: {},
          price: price(),
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: ['card'], save_default_payment_method: 'on_subscription' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.now,
    status: input.status,
    test_clock: null,
    transfer_data: null,
    trial_end: input.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: input.missingPaymentMethod ?? 'create_invoice' } },
    trial_start: input.trialStart,
  };
}

export function invoice(input: {
  customer: StripeJson;
  subscription: string;
  amount: number;
  billingReason: string;
  periodStart: number;
  periodEnd: number;
  now: number;
  number: string;
}): StripeJson {
  const id = stripeId('in');
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Firemark',
    amount_due: input.amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: input.amount,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: input.now,
    currency: PRICE.currency,
    customer: input.customer.id,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.now,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_fake/test_${id}/pdf`,
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: input.amount,
          currency: PRICE.currency,
          description: '1 × Firemark Pro (at $29.00 / month)',
          period: { start: input.periodStart, end: input.periodEnd },
          quantity: 1,
          pricing: { type: 'price_details', price_details: { price: PRICE.id, product: PRICE.product }, unit_amount_decimal: String(PRICE.unit_amount) },
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: input.subscription } },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    status: 'open',
    status_transitions: { finalized_at: input.now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: input.amount,
    total: input.amount,
  };
}

export function paymentIntent(input: { customer: string; amount: number; now: number }): StripeJson {
  const id = stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_received: 0,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    created: input.now,
    currency: PRICE.currency,
    customer: input.customer,
    last_payment_error: null,
    livemode: false,
    metadata: {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    setup_future_usage: 'off_session',
    status: 'requires_payment_method',
  };
}

export function setupIntent(input: { customer: string; metadata: StripeJson; now: number }): StripeJson {
  const id = stripeId('seti');
  return {
    id,
    object: 'setup_intent',
    application: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    created: input.now,
    customer: input.customer,
    description: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: 'off_session',
  };
}

export function paymentMethod(input: { brand: string; last4: string; expMonth: number; expYear: number; now: number }): StripeJson {
  return {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: input.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: input.brand,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      fingerprint: randomBytes(8).toString('hex'),
      funding: 'credit',
      last4: input.last4,
      networks: { available: [input.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: input.now,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function event(type: string, object: StripeJson, now: number): StripeJson {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export const list = (data: StripeJson[], url: string): StripeJson => ({ object: 'list', data, has_more: false, url });

export const apiError = (status: number, type: string, message: string, extra: StripeJson = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});
