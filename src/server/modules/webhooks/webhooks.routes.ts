import type { FastifyInstance } from 'fastify';
import { webhookInputSchema } from '@shared/schemas/webhook';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { parse, parseId } from '../../validation';
import * as webhooks from './webhooks.service';

const WHAT = 'Webhook not found';

/** The account's outgoing webhooks (Settings → Webhooks). */
export async function webhooksRoutes(app: FastifyInstance, deps: webhooks.WebhooksDeps): Promise<void> {
  app.get('/api/webhooks', async (request) => webhooks.listWebhooks(deps, requireAccount(request)));
  app.post('/api/webhooks', async (request, reply) => reply.status(201).send(await webhooks.createWebhook(deps, requireAccount(request), parse(webhookInputSchema, request.body))));
  app.put('/api/webhooks/:id', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, WHAT);
    return webhooks.updateWebhook(deps, account, id, parse(webhookInputSchema, request.body));
  });
  app.delete('/api/webhooks/:id', async (request, reply) => {
    await webhooks.deleteWebhook(deps, requireAccount(request), parseId(request.params, WHAT));
    return reply.status(204).send();
  });
  // A test call reaches out to another server: kept to a few a minute per account.
  app.post('/api/webhooks/:id/test', { preHandler: limit(perAccount('webhook-test', 10)) }, async (request) =>
    webhooks.testWebhook(deps, requireAccount(request), parseId(request.params, WHAT)),
  );
  app.get('/api/webhooks/:id/deliveries', async (request) => webhooks.listDeliveries(deps, requireAccount(request), parseId(request.params, WHAT)));
  app.post('/api/webhooks/:id/secret', async (request) => webhooks.rotateSecret(deps, requireAccount(request), parseId(request.params, WHAT)));
}
