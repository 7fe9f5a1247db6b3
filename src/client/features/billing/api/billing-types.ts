/**
 * Answers of the billing endpoints (SPEC 7, "Billing"). Amounts are in cents and dates in
 * epoch seconds, as the billing provider gives them (SPEC 9).
 */

import type { PaymentMethod } from '@shared/schemas/billing';

export type {
  BillingConfig,
  BillingSubscription,
  CancelResult,
  CardDetails,
  ClientSecret,
  CreatedSubscription,
  Invoice,
  PaymentMethod,
  SubscriptionDetails,
} from '@shared/schemas/billing';
export type SavedCard = PaymentMethod['card'];

/** Query keys: each starts with the endpoint it reads, which the default query function fetches. */
export const BILLING_CONFIG_KEY = ['/api/billing/config'] as const;
export const SUBSCRIPTION_DETAILS_KEY = ['/api/stripe/subscription-details'] as const;
export const PAYMENT_METHODS_KEY = ['/api/stripe/payment-methods'] as const;
export const INVOICES_KEY = ['/api/stripe/invoices'] as const;
