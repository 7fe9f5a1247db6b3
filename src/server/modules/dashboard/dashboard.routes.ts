import type { FastifyInstance } from 'fastify';
import { todayInTimeZone } from '@shared/dates';
import type { Db } from '../../db/client';
import { remembered } from '../../cache/account-cache';
import { requireAccount } from '../../plugins/auth';
import { dashboardStats } from './dashboard.queries';

export async function dashboardRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.get('/api/dashboard/stats', async (request) => {
    const account = requireAccount(request);
    const today = todayInTimeZone(account.timeZone, new Date());
    // Per account and day, until the account's data changes (cache/account-cache.ts).
    return remembered(deps.db, account, `dashboard-stats|${today}`, () => dashboardStats(deps.db, account.id, today));
  });
}
