import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cancelSubscriptionSchema, emptyBodySchema, setDefaultPaymentMethodSchema } from '@shared/schemas/billing';
import { notFound } from '../../errors';
import { limit, perAccount } from '../../plugins/rate-limits';
import { parse } from '../../validation';
import { billingCustomerOf } from './billing-customer';
import { createBillingProvider } from './create-billing-provider';
import type { BillingDeps } from './billing-provider';

/** Each of these creates something at the provider (a customer, a subscription, a setup intent). */
const creates = limit(perAccount('billing-create', 20));

const paymentMethodId = z.object({ id: z.string().regex(/^pm_[A-Za-z0-9_]{1,100}$/) });

/**
 * SPEC 7, "Billing": the same paths and shapes whichever provider bills (DECISIONS
 * "Billing"), plus GET /api/billing/config so the screens know which form to show.
 */
export async function billingRoutes(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  const provider = createBillingProvider(deps);

  app.get('/api/billing/config', async () => provider.config);

  app.get('/api/stripe/subscription-details', async (request) => provider.subscriptionDetails(await billingCustomerOf(deps.db, request)));

  app.get('/api/stripe/billing-details', async (request) => {
    const { subscription } = await provider.subscriptionDetails(await billingCustomerOf(deps.db, request));
    return { subscription };
  });

  app.post('/api/create-subscription', { preHandler: creates }, async (request) => {
    const customer = await billingCustomerOf(deps.db, request);
    parse(emptyBodySchema, request.body ?? {});
    return provider.createSubscription(customer);
  });

  app.post('/api/stripe/create-setup-intent', { preHandler: creates }, async (request) => provider.createSetupIntent(await billingCustomerOf(deps.db, request)));

  // SPEC's `?customerId=` is not read: an account sees its own cards only.
  app.get('/api/stripe/payment-methods', async (request) => provider.paymentMethods(await billingCustomerOf(deps.db, request)));

  app.post('/api/stripe/set-default-payment-method', async (request) => {
    const customer = await billingCustomerOf(deps.db, request);
    return provider.setDefaultPaymentMethod(customer, parse(setDefaultPaymentMethodSchema, request.body).paymentMethodId);
  });

  app.delete('/api/stripe/payment-methods/:id', async (request) => {
    const customer = await billingCustomerOf(deps.db, request);
    const params = paymentMethodId.safeParse(request.params);
    if (!params.success) throw notFound('Payment method not found');
    return provider.deletePaymentMethod(customer, params.data.id);
  });

  app.get('/api/stripe/invoices', async (request) => provider.invoices(await billingCustomerOf(deps.db, request)));

  app.post('/api/stripe/cancel-subscription', async (request) => {
    const customer = await billingCustomerOf(deps.db, request);
    const { immediate } = parse(cancelSubscriptionSchema, request.body ?? {});
    return provider.cancelSubscription(customer, immediate);
  });

  await provider.registerRoutes(app);
}
