import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { subscriptionStatus } from './subscription.service';

export async function subscriptionRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get('/api/subscription/status', async (request) => subscriptionStatus(deps.db, requireUser(request).id));
}
