import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { confirmWithCardSchema } from '@shared/schemas/billing';
import { notFound } from '../../../errors';
import { contentDisposition } from '../../../pdf/document';
import type { DbOrTx } from '../../../db/client';
import { billingCustomerOf } from '../billing-customer';
import { limit, perAccount } from '../../../plugins/rate-limits';
import { parse } from '../../../validation';
import { renderInvoice } from './invoice-pdf';
import type { TestModeProvider } from './test-mode.provider';

const invoiceId = z.object({ id: z.string().regex(/^in_test_[0-9a-f]{24}$/) });

/** Card attempts are limited per account, as a payment provider limits them. */
const cardAttempts = (name: string) => limit(perAccount(name, 20));

/**
 * The test-mode payment forms send card fields here, in place of Stripe.js talking to
 * Stripe; these routes exist only while the built-in test mode bills.
 */
export async function testModeRoutes(app: FastifyInstance, provider: TestModeProvider, db: DbOrTx): Promise<void> {
  app.post('/api/billing/test/confirm-payment', { preHandler: cardAttempts('card-payment') }, async (request) => {
    const customer = await billingCustomerOf(db, request);
    return provider.confirmPayment(customer, parse(confirmWithCardSchema, request.body));
  });

  app.post('/api/billing/test/confirm-setup', { preHandler: cardAttempts('card-setup') }, async (request) => {
    const customer = await billingCustomerOf(db, request);
    return provider.confirmSetup(customer, parse(confirmWithCardSchema, request.body));
  });

  app.get('/api/billing/invoices/:id/pdf', async (request, reply) => {
    const customer = await billingCustomerOf(db, request);
    const params = invoiceId.safeParse(request.params);
    if (!params.success) throw notFound('Invoice not found');
    const invoice = await provider.findInvoice(customer, params.data.id);
    const pdf = await renderInvoice({ ...invoice, customer: { name: customer.fullName || customer.username, email: customer.email } });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('inline', `firemark-invoice-${invoice.number}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
