import Stripe from 'stripe';
import type { BillingSettings } from '../billing-config';

/**
 * The Stripe API version Firemark speaks, pinned here rather than taken from the account's
 * default: Stripe changes shapes between versions (this one has the period dates on the
 * subscription's items and the first payment's secret on the invoice). It is the version of
 * the pinned `stripe` package, so upgrading the package fails to compile until this is
 * changed on purpose and the shapes are checked.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** How long one call may take before billing says Stripe cannot be reached. */
const TIMEOUT_MS = 10_000;

/** A client for Stripe's API; creating it calls nothing. */
export function createStripeClient(settings: Extract<BillingSettings, { provider: 'stripe' }>): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: TIMEOUT_MS,
    // One more try on a dropped connection; Stripe's idempotency keys make it safe.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Firemark' },
    ...(settings.api ?? {}),
  });
}
