import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { refreshPropertyStatuses } from '../modules/compliance/compliance.queries';

export const COMPLIANCE_REFRESH_QUEUE = 'compliance-refresh';

/**
 * Time alone turns items due soon and overdue. Every hour, so that each account's midnight
 * (in its own time zone) is picked up within the hour, property statuses are recomputed;
 * only rows whose status changes are written.
 */
export async function startComplianceRefresh(boss: PgBoss, db: Db, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(COMPLIANCE_REFRESH_QUEUE))) {
    await boss.createQueue(COMPLIANCE_REFRESH_QUEUE, { name: COMPLIANCE_REFRESH_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(COMPLIANCE_REFRESH_QUEUE, '5 * * * *');
  await boss.work(COMPLIANCE_REFRESH_QUEUE, async () => {
    const changed = await refreshPropertyStatuses(db, 'all', new Date());
    log.info({ changed }, 'Compliance statuses refreshed');
  });
}
