/**
 * Answers of the billing endpoints (SPEC 7, "Billing"). Amounts are in cents and dates in
 * epoch seconds, as the billing provider gives them (SPEC 9).
 */

import type { BillingSubscription, PaymentMethod } from '@shared/schemas/billing';

export type { BillingSubscription, Invoice, PaymentMethod } from '@shared/schemas/billing';
export type SavedCard = PaymentMethod['card'];

export interface SubscriptionDetails {
  /** The built-in test-mode provider is in use (DECISIONS "Billing"). */
  testMode: boolean;
  /** The latest paid subscription; null when the account never subscribed. */
  subscription: BillingSubscription | null;
}

/** A card as the test-mode provider takes it. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ClientSecret {
  clientSecret: string;
}

export interface CancelResult {
  success: true;
  immediate: boolean;
  current_period_end: number;
  message: string;
}

/** Query keys: each starts with the endpoint it reads, which the default query function fetches. */
export const SUBSCRIPTION_DETAILS_KEY = ['/api/stripe/subscription-details'] as const;
export const PAYMENT_METHODS_KEY = ['/api/stripe/payment-methods'] as const;
export const INVOICES_KEY = ['/api/stripe/invoices'] as const;
