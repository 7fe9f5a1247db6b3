import { setBillingOff } from '../subscription/billing-switch';
import { createBillingOffProvider } from './billing-off.provider';
import type { BillingDeps, BillingProvider } from './billing-provider';
import { createStripeProvider } from './stripe/stripe.provider';
import { createTestModeProvider } from './test-mode/test-mode.provider';

/**
 * The provider chosen by the configuration at start (DECISIONS "Billing"): Stripe with its
 * keys, the built-in test mode without them, none with BILLING=off. Creating one reaches no
 * network: Stripe is first called when someone uses billing.
 */
export function createBillingProvider(deps: BillingDeps): BillingProvider {
  const { billing } = deps.config;
  setBillingOff(billing.provider === 'off');
  if (billing.provider === 'off') return createBillingOffProvider();
  if (billing.provider === 'stripe') return createStripeProvider(deps, billing);
  return createTestModeProvider(deps);
}
