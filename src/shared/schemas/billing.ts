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

/** Epoch seconds, as the billing provider gives dates (SPEC 9). */
export interface BillingSubscription {
  id: string;
  status: 'active' | 'canceled';
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  plan: { name: string; amount: number; currency: string; interval: 'month' };
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
