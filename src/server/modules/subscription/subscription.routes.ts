import type { FastifyInstance } from 'fastify';
import { startTrialSchema, subscriptionStatusResponse } from '@shared/schemas/subscription';
import type { Db } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../route-schema';
import { startTrial, subscriptionStatus } from './subscription.service';

const tags = ['Plan'];

export async function subscriptionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/subscription/status', { schema: { tags, summary: 'Get the plan and its limits', response: { 200: subscriptionStatusResponse } } }, async (request) =>
    subscriptionStatus(deps.db, requireAccount(request)),
  );

  api.post(
    '/api/subscription/trial',
    { schema: { permission: 'billing.manage', tags, summary: 'Start the Pro trial', body: startTrialSchema, response: { 200: subscriptionStatusResponse } } },
    async (request) => startTrial(deps.db, requireAccount(request)),
  );
}
