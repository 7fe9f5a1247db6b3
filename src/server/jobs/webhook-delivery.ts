import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { deliverDue, type DeliveryDeps } from '../modules/webhooks/deliver';
import { emitOverdueEvents } from '../modules/webhooks/overdue';
import { QUEUES } from '../queues';

/**
 * Every minute one instance (singleton queue) writes `inspection.overdue` events for what has
 * become overdue, then posts the webhook deliveries that are due;
 * the rows themselves carry the retry schedule (modules/webhooks/deliver.ts), so a missed
 * minute only delays them.
 */
export async function startWebhookSweep(boss: PgBoss, deps: DeliveryDeps & { db: Db }, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(QUEUES.webhookSweep))) {
    await boss.createQueue(QUEUES.webhookSweep, { name: QUEUES.webhookSweep, policy: 'singleton', retryLimit: 0 });
  }
  await boss.schedule(QUEUES.webhookSweep, '* * * * *');
  await boss.work(QUEUES.webhookSweep, async () => {
    await emitOverdueEvents(deps.pool, deps.db);
    const sent = await deliverDue(deps);
    if (sent) log.info({ sent }, 'Webhooks: due deliveries attempted');
  });
}
