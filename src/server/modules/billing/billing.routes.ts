import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  billingConfigResponse,
  billingSubscriptionResponse,
  cancelResultResponse,
  cancelSubscriptionSchema,
  clientSecretResponse,
  createdSubscriptionResponse,
  emptyBodySchema,
  invoiceListResponse,
  paymentMethodResponse,
  setDefaultPaymentMethodSchema,
  subscriptionDetailsResponse,
} from '@shared/schemas/billing';
import { limit, perAccount } from '../../plugins/rate-limits';
import { notFoundParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import { billingCustomerOf } from './billing-customer';
import type { BillingDeps, BillingProvider } from './billing-provider';

/** Each of these creates something at the provider (a customer, a subscription, a setup intent). */
const creates = limit(perAccount('billing-create', 20));

const paymentMethodParams = notFoundParams(z.object({ id: z.string().regex(/^pm_[A-Za-z0-9_]{1,100}$/) }), 'Payment method not found');

const tags = ['Billing'];
const browserOnly = 'For the billing screens of a signed-in browser: an API token is refused here (403).';

/**
 * SPEC 7, "Billing": the same paths and shapes whichever provider bills (DECISIONS
 * "Billing"), plus GET /api/billing/config so the screens know which form to show.
 */
export async function billingRoutes(app: FastifyInstance, deps: BillingDeps & { billing: BillingProvider }): Promise<void> {
  const provider = deps.billing;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tags, summary, description: browserOnly });

  api.get('/api/billing/config', { schema: { ...doc('Get the billing provider'), public: true, response: { 200: billingConfigResponse } } }, async () => provider.config);

  api.get('/api/stripe/subscription-details', { schema: { permission: 'billing.manage', ...doc('Get the subscription'), response: { 200: subscriptionDetailsResponse } } }, async (request) =>
    provider.subscriptionDetails(await billingCustomerOf(deps.db, request)),
  );

  api.get(
    '/api/stripe/billing-details',
    { schema: { permission: 'billing.manage', ...doc('Get the billing details'), response: { 200: z.object({ subscription: billingSubscriptionResponse.nullable() }) } } },
    async (request) => {
      const { subscription } = await provider.subscriptionDetails(await billingCustomerOf(deps.db, request));
      return { subscription };
    },
  );

  api.post(
    '/api/create-subscription',
    { preValidation: creates, schema: { permission: 'billing.manage', ...doc('Start a subscription'), body: emptyBodySchema, response: { 200: createdSubscriptionResponse } } },
    async (request) => provider.createSubscription(await billingCustomerOf(deps.db, request)),
  );

  api.post('/api/stripe/create-setup-intent', { preValidation: creates, schema: { permission: 'billing.manage', ...doc('Start saving a card'), response: { 200: clientSecretResponse } } }, async (request) =>
    provider.createSetupIntent(await billingCustomerOf(deps.db, request)),
  );

  // SPEC's `?customerId=` is not read: an account sees its own cards only.
  api.get('/api/stripe/payment-methods', { schema: { permission: 'billing.manage', ...doc('List saved cards'), response: { 200: z.array(paymentMethodResponse) } } }, async (request) =>
    provider.paymentMethods(await billingCustomerOf(deps.db, request)),
  );

  api.post(
    '/api/stripe/set-default-payment-method',
    { schema: { permission: 'billing.manage', ...doc('Choose the default card'), body: setDefaultPaymentMethodSchema, response: { 200: successResponse } } },
    async (request) => provider.setDefaultPaymentMethod(await billingCustomerOf(deps.db, request), request.body.paymentMethodId),
  );

  api.delete(
    '/api/stripe/payment-methods/:id',
    { schema: { permission: 'billing.manage', ...doc('Remove a saved card'), params: paymentMethodParams, response: { 200: successResponse } } },
    async (request) => provider.deletePaymentMethod(await billingCustomerOf(deps.db, request), request.params.id),
  );

  api.get('/api/stripe/invoices', { schema: { permission: 'billing.manage', ...doc('List invoices'), response: { 200: invoiceListResponse } } }, async (request) =>
    provider.invoices(await billingCustomerOf(deps.db, request)),
  );

  api.post(
    '/api/stripe/cancel-subscription',
    { schema: { permission: 'billing.manage', ...doc('Cancel the subscription'), body: cancelSubscriptionSchema, response: { 200: cancelResultResponse } } },
    async (request) => provider.cancelSubscription(await billingCustomerOf(deps.db, request), request.body.immediate),
  );

  await provider.registerRoutes(app);
}
