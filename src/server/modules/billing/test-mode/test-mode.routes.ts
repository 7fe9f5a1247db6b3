import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { confirmedPaymentResponse, confirmWithCardSchema, paymentMethodResponse } from '@shared/schemas/billing';
import { contentDisposition } from '../../../pdf/document';
import type { DbOrTx } from '../../../db/client';
import { billingCustomerOf } from '../billing-customer';
import { limit, perAccount } from '../../../plugins/rate-limits';
import { fileResponse, notFoundParams, type ZodTypeProvider } from '../../../route-schema';
import { renderInvoice } from './invoice-pdf';
import type { TestModeProvider } from './test-mode.provider';

const invoiceParams = notFoundParams(z.object({ id: z.string().regex(/^in_test_[0-9a-f]{24}$/) }), 'Invoice not found');

/** Card attempts are limited per account, as a payment provider limits them. */
const cardAttempts = (name: string) => limit(perAccount(name, 20));

const doc = (summary: string) => ({ tags: ['Billing'], summary, description: 'Only while the built-in test mode bills, for its payment forms.' });

/**
 * The test-mode payment forms send card fields here, in place of Stripe.js talking to
 * Stripe; these routes exist only while the built-in test mode bills.
 */
export async function testModeRoutes(app: FastifyInstance, provider: TestModeProvider, db: DbOrTx): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/billing/test/confirm-payment',
    { preValidation: cardAttempts('card-payment'), schema: { permission: 'billing.manage', ...doc('Pay with a test card'), body: confirmWithCardSchema, response: { 200: confirmedPaymentResponse } } },
    async (request) => provider.confirmPayment(await billingCustomerOf(db, request), request.body),
  );

  api.post(
    '/api/billing/test/confirm-setup',
    { preValidation: cardAttempts('card-setup'), schema: { permission: 'billing.manage', ...doc('Save a test card'), body: confirmWithCardSchema, response: { 200: z.object({ paymentMethod: paymentMethodResponse }) } } },
    async (request) => provider.confirmSetup(await billingCustomerOf(db, request), request.body),
  );

  api.get(
    '/api/billing/invoices/:id/pdf',
    { schema: { permission: 'billing.manage', ...doc('Download a test invoice'), params: invoiceParams, response: { 200: fileResponse('application/pdf') } } },
    async (request, reply) => {
      const customer = await billingCustomerOf(db, request);
      const invoice = await provider.findInvoice(customer, request.params.id);
      const pdf = await renderInvoice({ ...invoice, customer: { name: customer.fullName || customer.username, email: customer.email } });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', `firemark-invoice-${invoice.number}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
