import type { FastifyInstance } from 'fastify';
import { startTrialSchema } from '@shared/schemas/subscription';
import type { Db } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import { parse } from '../../validation';
import { startTrial, subscriptionStatus } from './subscription.service';

export async function subscriptionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get('/api/subscription/status', async (request) => subscriptionStatus(deps.db, requireAccount(request).id));

  app.post('/api/subscription/trial', async (request) => {
    const account = requireAccount(request);
    parse(startTrialSchema, request.body ?? {});
    return startTrial(deps.db, account.id);
  });
}
