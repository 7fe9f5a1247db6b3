import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { pruneExpired } from '../modules/housekeeping/housekeeping.queries';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/**
 * Once a day, at a quiet hour in UTC, deletes expired sessions, spent links, old consent
 * tokens and Stripe event ids (RETENTION says how old). One instance runs it (singleton);
 * a missed day is caught up by the next, since every delete is by age.
 */
export async function startHousekeeping(boss: PgBoss, db: Db, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(HOUSEKEEPING_QUEUE))) {
    await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 3 * * *');
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const counts = await pruneExpired(db, new Date());
    log.info(counts, 'Housekeeping: expired records deleted');
  });
}
