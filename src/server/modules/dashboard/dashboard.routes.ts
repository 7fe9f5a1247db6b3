import type { FastifyInstance } from 'fastify';
import { todayInTimeZone } from '@shared/dates';
import type { Db } from '../../db/client';
import { requireUser } from '../../plugins/auth';
import { dashboardStats } from './dashboard.queries';

export async function dashboardRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get('/api/dashboard/stats', async (request) => {
    const user = requireUser(request);
    return dashboardStats(deps.db, user.id, todayInTimeZone(user.timeZone, new Date()));
  });
}
