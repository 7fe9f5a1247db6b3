import { z } from 'zod';

/** A card as the test-mode payment form sends it; the provider decides what it means. */
export const cardSchema = z.object({
  number: z
    .string({ error: 'Your card number is incorrect.' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incorrect.')),
  expMonth: z.coerce.number({ error: 'Enter a valid expiry month' }).int('Enter a valid expiry month').min(1, 'Enter a valid expiry month').max(12, 'Enter a valid expiry month'),
  expYear: z.coerce.number({ error: 'Enter a valid expiry year' }).int('Enter a valid expiry year').min(2000, 'Enter a valid expiry year').max(2100, 'Enter a valid expiry year'),
  cvc: z.string({ error: "Your card's security code is incomplete." }).trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type CardInput = z.input<typeof cardSchema>;
/** The card as the server reads it: digits only, month and year as numbers. */
export type CardDetails = z.output<typeof cardSchema>;

export const confirmWithCardSchema = z.object({
  clientSecret: z.string({ error: 'Payment form not ready. Please wait and try again.' }).min(1, 'Payment form not ready. Please wait and try again.').max(200),
  card: cardSchema,
});

export const cancelSubscriptionSchema = z.object({
  immediate: z.boolean({ error: 'immediate must be true or false' }).default(false),
});

export const emptyBodySchema = z.object({});

export const setDefaultPaymentMethodSchema = z.object({
  paymentMethodId: z.string({ error: 'Choose a payment method' }).min(1, 'Choose a payment method').max(100),
});

/** GET /api/billing/config: which provider bills, so the screens show the right form. */
export const billingConfigResponse = z.object({
  provider: z.enum(['off', 'test', 'stripe']).describe("'off': BILLING=off, every account is Pro; 'test': the built-in test mode; 'stripe'"),
  testMode: z.boolean().describe('Nothing is charged: the built-in test mode, or Stripe with test keys'),
  publishableKey: z.string().nullable().describe("Stripe's publishable key, for Stripe.js; null without Stripe"),
});
export type BillingConfig = z.infer<typeof billingConfigResponse>;

/**
 * Stripe's subscription statuses. Pro comes with trialing (a card saved for the trial's
 * end), active and past_due (Stripe is retrying the payment).
 */
export const SUBSCRIPTION_STATES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'paused', 'canceled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Epoch seconds, as the billing provider gives dates (SPEC 9). */
export const billingSubscriptionResponse = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATES),
  current_period_start: z.number().int().describe('Epoch seconds'),
  current_period_end: z.number().int().describe('Epoch seconds'),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.number().int().describe('Epoch seconds').nullable(),
  trial_end: z.number().int().describe('Epoch seconds').nullable().describe('When a trial with a saved card turns into the first payment; null without a trial'),
  plan: z.object({ name: z.string(), amount: z.number().int().describe('Cents'), currency: z.string(), interval: z.literal('month') }),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionResponse>;

/** GET /api/stripe/subscription-details. */
export const subscriptionDetailsResponse = z.object({
  testMode: z.boolean().describe('Nothing is charged (the built-in test mode, or Stripe test keys)'),
  subscription: billingSubscriptionResponse.nullable().describe('The latest subscription that was paid or has a card for its trial; null when none'),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsResponse>;

/** POST /api/create-subscription. */
export const createdSubscriptionResponse = z.object({
  clientSecret: z.string().describe('What the payment form confirms'),
  intent: z.enum(['payment', 'setup']).describe("'payment': pay the first invoice now. 'setup': on the trial, the card is saved and charged when the trial ends"),
  message: z.string(),
  details: z.object({ amount: z.number().int().describe('Cents'), currency: z.string() }),
});
export type CreatedSubscription = z.infer<typeof createdSubscriptionResponse>;

export const cancelResultResponse = z.object({
  success: z.literal(true),
  immediate: z.boolean(),
  current_period_end: z.number().int().describe('Epoch seconds'),
  message: z.string(),
});
export type CancelResult = z.infer<typeof cancelResultResponse>;

export const paymentMethodResponse = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodResponse>;

export const invoiceResponse = z.object({
  id: z.string(),
  number: z.string(),
  created: z.number().int().describe('Epoch seconds'),
  amount: z.number().int().describe('Cents'),
  currency: z.string(),
  status: z.string(),
  invoice_pdf: z.string(),
});
export type Invoice = z.infer<typeof invoiceResponse>;

/** GET /api/stripe/invoices. */
export const invoiceListResponse = z.object({ invoices: z.array(invoiceResponse) });

/** POST /api/stripe/create-setup-intent: what the card form confirms. */
export const clientSecretResponse = z.object({ clientSecret: z.string() });
export type ClientSecret = z.infer<typeof clientSecretResponse>;

/** The test mode's card confirmations answer as Stripe.js does. */
export const confirmedPaymentResponse = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal('succeeded') }) }),
  z.object({ setupIntent: z.object({ id: z.string(), status: z.literal('succeeded') }) }),
]);
export type ConfirmedPayment = z.infer<typeof confirmedPaymentResponse>;
