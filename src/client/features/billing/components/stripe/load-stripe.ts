import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// One Stripe.js per page, as Stripe asks. The pure entry adds its script only when asked,
// so it is fetched from js.stripe.com when a billing form opens, not with the app.
let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/** Stripe.js for this publishable key; a failed load is tried again on the next call. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key !== publishableKey) {
    const stripe = loadStripe(publishableKey).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    loading = { key: publishableKey, stripe };
  }
  return loading.stripe;
}
