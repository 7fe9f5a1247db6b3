import { PRO_PLAN_NAME } from '@shared/plans';
import { conflict } from '../../errors';
import type { BillingProvider } from './billing-provider';

const billingIsOff = () => conflict(`Billing is off on this server: every account has ${PRO_PLAN_NAME} at no charge.`);

/**
 * BILLING=off: no provider runs. The reading calls answer "nothing to show" so the screens
 * keep working; anything that would start or change a payment is refused with the reason.
 */
export function createBillingOffProvider(): BillingProvider {
  return {
    config: { provider: 'off', testMode: false, publishableKey: null },
    subscriptionDetails: async () => ({ testMode: false, subscription: null }),
    paymentMethods: async () => [],
    invoices: async () => ({ invoices: [] }),
    createSubscription: async () => Promise.reject(billingIsOff()),
    createSetupIntent: async () => Promise.reject(billingIsOff()),
    setDefaultPaymentMethod: async () => Promise.reject(billingIsOff()),
    deletePaymentMethod: async () => Promise.reject(billingIsOff()),
    cancelSubscription: async () => Promise.reject(billingIsOff()),
    registerRoutes: async () => undefined,
  };
}
