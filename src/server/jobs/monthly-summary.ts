import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { sendMonthlySummaries, type MonthlySummaryDeps } from '../modules/insight/monthly-summary.service';

export const MONTHLY_SUMMARY_QUEUE = 'monthly-summary';

/**
 * Hourly, so each organisation's summaries leave on the first morning of the month in its own
 * zone, or in the month's first week when no worker ran on the first; on any other day a run
 * finds nothing (one pass over the organisations). Running twice,
 * or on two workers, sends nothing twice (monthly_summary_mails).
 */
export async function startMonthlySummary(boss: PgBoss, deps: MonthlySummaryDeps, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(MONTHLY_SUMMARY_QUEUE))) {
    await boss.createQueue(MONTHLY_SUMMARY_QUEUE, { name: MONTHLY_SUMMARY_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(MONTHLY_SUMMARY_QUEUE, '10 * * * *');
  await boss.work(MONTHLY_SUMMARY_QUEUE, async () => {
    const sent = await sendMonthlySummaries({ ...deps, log });
    if (sent > 0) log.info({ sent }, 'Monthly portfolio summaries queued');
  });
}
