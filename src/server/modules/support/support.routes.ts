import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { supportListQuerySchema, supportRequestSchema } from '@shared/schemas/support';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { parse } from '../../validation';
import * as support from './support.service';

export async function supportRoutes(app: FastifyInstance, deps: support.SupportDeps): Promise<void> {
  // Every request mails the support desk, so one account cannot flood it.
  app.post('/api/support/submit', { preHandler: limit(perAccount('support-request', 5)) }, async (request, reply) => {
    const account = requireAccount(request);
    const values = parse(supportRequestSchema, request.body);
    return reply.status(201).send(await support.submitSupportRequest(deps, account, values));
  });

  app.get('/api/support/requests', async (request, reply) => {
    const account = requireAccount(request);
    const paging = parse(supportListQuerySchema, request.query);
    const { rows, total } = await support.listSupportRequests(deps, account, paging);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  // The address shown in the help dialog: the operator's SUPPORT_EMAIL, not a built-in one.
  app.get('/api/support/contact', async (request) => {
    requireAccount(request);
    return { email: deps.config.supportEmail };
  });

  app.post('/api/support/test-email', { preHandler: limit(perAccount('support-test-email', 3)) }, async (request) => {
    const account = requireAccount(request);
    return support.sendTestEmail(deps, account);
  });
}
