import type { FastifyInstance } from 'fastify';
import { todayInTimeZone } from '@shared/dates';
import { dashboardStatsResponse } from '@shared/schemas/property';
import type { Db } from '../../db/client';
import { remembered } from '../../cache/account-cache';
import { requireAccount } from '../../plugins/auth';
import type { ZodTypeProvider } from '../../route-schema';
import { dashboardStats } from './dashboard.queries';

export async function dashboardRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/stats',
    { schema: { tags: ['Dashboard'], summary: 'Get the dashboard counts', response: { 200: dashboardStatsResponse } } },
    async (request) => {
      const account = requireAccount(request);
      const today = todayInTimeZone(account.timeZone, new Date());
      // Per account and day, until the account's data changes (cache/account-cache.ts).
      return remembered(deps.db, account, `dashboard-stats|${today}`, () => dashboardStats(deps.db, account, today));
    },
  );
}
