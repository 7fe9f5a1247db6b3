import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@shared/schemas/webhook';
import type { Tx } from '../../db/transaction';
import * as q from './webhooks.queries';

/**
 * Records an event for every endpoint of the account that wants it, in the caller's
 * transaction: if the change rolls back, nothing is sent. The sweep (jobs/webhook-delivery.ts)
 * posts it within a minute. One event id for all endpoints; receivers dedupe on it.
 */
export async function emitWebhookEvent(tx: Pick<Tx, 'db'>, accountId: number, type: WebhookEventType, data: unknown, now = new Date()): Promise<void> {
  const endpoints = await q.subscribers(tx.db, accountId, type);
  if (endpoints.length === 0) return;
  const id = randomUUID();
  const payload = { id, type, created_at: now.toISOString(), data };
  for (const endpoint of endpoints) {
    await q.insertDelivery(tx.db, { endpointId: endpoint.id, eventType: type, eventId: id, payload, nextAttemptAt: now });
  }
}
