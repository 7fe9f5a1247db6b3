import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { supportContactResponse, supportListQuerySchema, supportRequestResponse, supportRequestSchema, testEmailResponse } from '@shared/schemas/support';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import type { ZodTypeProvider } from '../../route-schema';
import * as support from './support.service';
import { idempotent } from '../../plugins/idempotency';

const tags = ['Support'];

export async function supportRoutes(app: FastifyInstance, deps: support.SupportDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every request mails the support desk, so one account cannot flood it.
  api.post(
    '/api/support/submit',
    { config: idempotent, preValidation: limit(perAccount('support-request', 5)), schema: { tags, summary: 'Ask for support', body: supportRequestSchema, response: { 201: supportRequestResponse } } },
    async (request, reply) => reply.status(201).send(await support.submitSupportRequest(deps, requireAccount(request), request.body)),
  );

  api.get(
    '/api/support/requests',
    { schema: { tags, summary: 'List support requests', querystring: supportListQuerySchema, response: { 200: z.array(supportRequestResponse) } } },
    async (request, reply) => {
      const { rows, total } = await support.listSupportRequests(deps, requireAccount(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  // The address shown in the help dialog: the operator's SUPPORT_EMAIL, not a built-in one.
  api.get('/api/support/contact', { schema: { tags, summary: 'Get the support address', response: { 200: supportContactResponse } } }, async () => ({
    email: deps.config.supportEmail,
  }));

  api.post(
    '/api/support/test-email',
    { preValidation: limit(perAccount('support-test-email', 3)), schema: { tags, summary: 'Send a test e-mail', description: "Sends a test e-mail to the account's own address.", response: { 200: testEmailResponse } } },
    async (request) => support.sendTestEmail(deps, requireAccount(request)),
  );
}
