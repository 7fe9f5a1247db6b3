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
export interface BillingConfig {
  /** 'off': BILLING=off, every account is Pro; 'test': the built-in test mode; 'stripe'. */
  provider: 'off' | 'test' | 'stripe';
  /** Nothing is charged: the built-in test mode, or Stripe with test keys. */
  testMode: boolean;
  /** Stripe's publishable key, for Stripe.js; null without Stripe. */
  publishableKey: string | null;
}

/**
 * Stripe's subscription statuses. Pro comes with trialing (a card saved for the trial's
 * end), active and past_due (Stripe is retrying the payment).
 */
export type SubscriptionState = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'paused' | 'canceled';

/** Epoch seconds, as the billing provider gives dates (SPEC 9). */
export interface BillingSubscription {
  id: string;
  status: SubscriptionState;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  /** When a trial with a saved card turns into the first payment; null without a trial. */
  trial_end: number | null;
  plan: { name: string; amount: number; currency: string; interval: 'month' };
}

/** GET /api/stripe/subscription-details. */
export interface SubscriptionDetails {
  /** Nothing is charged (the built-in test mode, or Stripe test keys): the "Test mode" badge. */
  testMode: boolean;
  /** The latest subscription that was paid or has a card for its trial; null when none. */
  subscription: BillingSubscription | null;
}

/** POST /api/create-subscription. */
export interface CreatedSubscription {
  /** What the payment form confirms. */
  clientSecret: string;
  /**
   * 'payment': pay the first invoice now. 'setup': the account is on its trial, so the card
   * is saved and charged when the trial ends.
   */
  intent: 'payment' | 'setup';
  message: string;
  details: { amount: number; currency: string };
}

export interface CancelResult {
  success: true;
  immediate: boolean;
  current_period_end: number;
  message: string;
}

export interface PaymentMethod {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  isDefault: boolean;
}

export interface Invoice {
  id: string;
  number: string;
  created: number;
  amount: number;
  currency: string;
  status: string;
  invoice_pdf: string;
}
