import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { webhookDeliveryResponse, webhookEndpointResponse, webhookEndpointWithSecretResponse, webhookInputSchema } from '@shared/schemas/webhook';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { idParams, noContent, type ZodTypeProvider } from '../../route-schema';
import * as webhooks from './webhooks.service';

const tags = ['Webhooks'];
const params = idParams('Webhook not found');

/** The account's outgoing webhooks (Settings → Webhooks); docs/webhooks.md says how to check a delivery. */
export async function webhooksRoutes(app: FastifyInstance, deps: webhooks.WebhooksDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/webhooks', { schema: { permission: 'webhooks.manage', tags, summary: 'List webhooks', response: { 200: z.array(webhookEndpointResponse) } } }, async (request) =>
    webhooks.listWebhooks(deps, requireAccount(request)),
  );
  api.post(
    '/api/webhooks',
    { schema: { permission: 'webhooks.manage', tags, summary: 'Add a webhook', description: 'The answer is the only time the signing secret is sent.', body: webhookInputSchema, response: { 201: webhookEndpointWithSecretResponse } } },
    async (request, reply) => reply.status(201).send(await webhooks.createWebhook(deps, requireAccount(request), request.body, request.apiToken?.id ?? null)),
  );
  api.put('/api/webhooks/:id', { schema: { permission: 'webhooks.manage', tags, summary: 'Change a webhook', params, body: webhookInputSchema, response: { 200: webhookEndpointResponse } } }, async (request) =>
    webhooks.updateWebhook(deps, requireAccount(request), request.params.id, request.body, request.apiToken?.id ?? null),
  );
  api.delete('/api/webhooks/:id', { schema: { permission: 'webhooks.manage', tags, summary: 'Delete a webhook', params, response: { 204: noContent } } }, async (request, reply) => {
    await webhooks.deleteWebhook(deps, requireAccount(request), request.params.id);
    return reply.status(204).send(undefined);
  });
  // A test call reaches out to another server: kept to a few a minute per account.
  api.post(
    '/api/webhooks/:id/test',
    { preValidation: limit(perAccount('webhook-test', 10)), schema: { permission: 'webhooks.manage', tags, summary: 'Send a test event', description: 'Sends a signed `ping` at once and answers the delivery.', params, response: { 200: webhookDeliveryResponse } } },
    async (request) => webhooks.testWebhook(deps, requireAccount(request), request.params.id),
  );
  api.get('/api/webhooks/:id/deliveries', { schema: { permission: 'webhooks.manage', tags, summary: "List a webhook's recent deliveries", params, response: { 200: z.array(webhookDeliveryResponse) } } }, async (request) =>
    webhooks.listDeliveries(deps, requireAccount(request), request.params.id),
  );
  api.post(
    '/api/webhooks/:id/secret',
    { schema: { permission: 'webhooks.manage', tags, summary: "Rotate a webhook's secret", description: 'The answer is the only time the new secret is sent.', params, response: { 200: webhookEndpointWithSecretResponse } } },
    async (request) => webhooks.rotateSecret(deps, requireAccount(request), request.params.id, request.apiToken?.id ?? null),
  );
}
