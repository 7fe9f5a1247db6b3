import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cancelSubscriptionSchema, confirmWithCardSchema, emptyBodySchema } from '@shared/schemas/billing';
import { notFound } from '../../errors';
import { contentDisposition } from '../../pdf/document';
import { requireUser } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { parse } from '../../validation';
import * as billing from './billing.service';
import { renderInvoice } from './invoice-pdf';

const providerId = z.object({ id: z.string().regex(/^[a-z]+_test_[0-9a-f]{24}$/) });
const setDefaultSchema = z.object({ paymentMethodId: z.string({ error: 'Choose a payment method' }).min(1, 'Choose a payment method').max(100) });

/** Card attempts are limited per account, as a payment provider limits them. */
const cardAttempts = (name: string) => limit(perAccount(name, 20));

/**
 * SPEC 7, "Billing", answered by the built-in test-mode provider (DECISIONS "Billing"):
 * the same paths and shapes, test cards only, and a `testMode` flag for the badge.
 */
export async function billingRoutes(app: FastifyInstance, deps: billing.BillingDeps): Promise<void> {
  const ownId = (request: FastifyRequest, what: string) => {
    const result = providerId.safeParse(request.params);
    if (!result.success) throw notFound(what);
    return result.data.id;
  };

  app.get('/api/stripe/subscription-details', async (request) => billing.subscriptionDetails(deps, requireUser(request)));

  app.get('/api/stripe/billing-details', async (request) => {
    const { subscription } = await billing.subscriptionDetails(deps, requireUser(request));
    return { subscription };
  });

  app.post('/api/create-subscription', async (request) => {
    const user = requireUser(request);
    parse(emptyBodySchema, request.body ?? {});
    return billing.createSubscription(deps, user);
  });

  app.post('/api/billing/test/confirm-payment', { preHandler: cardAttempts('card-payment') }, async (request) => {
    const user = requireUser(request);
    return billing.confirmPayment(deps, user, parse(confirmWithCardSchema, request.body));
  });

  app.post('/api/stripe/create-setup-intent', async (request) => billing.createSetupIntent(deps, requireUser(request)));

  app.post('/api/billing/test/confirm-setup', { preHandler: cardAttempts('card-setup') }, async (request) => {
    const user = requireUser(request);
    return billing.confirmSetup(deps, user, parse(confirmWithCardSchema, request.body));
  });

  app.get('/api/stripe/payment-methods', async (request) => billing.paymentMethods(deps, requireUser(request)));

  app.post('/api/stripe/set-default-payment-method', async (request) => {
    const user = requireUser(request);
    return billing.setDefaultPaymentMethod(deps, user, parse(setDefaultSchema, request.body).paymentMethodId);
  });

  app.delete('/api/stripe/payment-methods/:id', async (request) => {
    const user = requireUser(request);
    return billing.deletePaymentMethod(deps, user, ownId(request, 'Payment method not found'));
  });

  app.get('/api/stripe/invoices', async (request) => billing.invoices(deps, requireUser(request)));

  app.get('/api/billing/invoices/:id/pdf', async (request, reply) => {
    const user = requireUser(request);
    const invoice = await billing.findInvoice(deps, user, ownId(request, 'Invoice not found'));
    const pdf = await renderInvoice({ ...invoice, customer: { name: user.fullName || user.username, email: user.email } });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('inline', `firemark-invoice-${invoice.number}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post('/api/stripe/cancel-subscription', async (request) => {
    const user = requireUser(request);
    const { immediate } = parse(cancelSubscriptionSchema, request.body ?? {});
    return billing.cancelSubscription(deps, user, immediate);
  });
}
