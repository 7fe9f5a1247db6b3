import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import type { WebhookNetwork } from './address-check';
import { postSigned, type PostResult } from './post-signed';
import { signatureHeader } from './signature';
import * as q from './webhooks.queries';

/**
 * Seconds to wait after each failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then the
 * sixth failure (about 9 h after the event) gives up. Tests drive it with `now`.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** Failed attempts in a row after which the endpoint shows as failing. */
export const FAILING_AFTER = 3;

export interface DeliveryDeps {
  pool: pg.Pool;
  network?: WebhookNetwork;
}

function headersFor(secret: string, type: string, eventId: string, body: string, now: Date) {
  return {
    'Firemark-Signature': signatureHeader(secret, body, now),
    'Firemark-Event': type,
    'Firemark-Delivery': eventId,
  };
}

/** One attempt's outcome written on the delivery and its endpoint. */
async function settleAttempt(db: Parameters<typeof q.recordAttempt>[0], delivery: q.DeliveryRow, result: PostResult, now: Date) {
  const attempts = delivery.attempts + 1;
  if (result.ok) {
    await q.recordAttempt(db, delivery.id, { attempts, lastStatusCode: result.statusCode, lastError: null, deliveredAt: now, nextAttemptAt: null });
    await q.markEndpointHealthy(db, delivery.endpointId);
    return;
  }
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  await q.recordAttempt(db, delivery.id, {
    attempts,
    lastStatusCode: result.statusCode,
    lastError: result.error,
    nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
    failedAt: delay === undefined ? now : null,
  });
  await q.markEndpointFailure(db, delivery.endpointId, now, FAILING_AFTER);
}

/** How long a claimed delivery is left to its worker before another sweep may try it again. */
const LEASE_SECONDS = 120;
/** Of one endpoint, taken per claim: a slow receiver's backlog waits its turn behind others. */
const PER_ENDPOINT = 2;

/**
 * Posts every delivery that is due, a claimed batch at a time and the batch's posts side by
 * side, so a receiver that answers slowly (or never, until the 10 s timeout) costs one slot
 * of one batch, not everyone's turn.
 */
export async function deliverDue(deps: DeliveryDeps, now = new Date(), batch = 20): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await withTransaction(deps.pool, (tx) =>
      q.claimDueDeliveries(tx.db, now, batch, PER_ENDPOINT, new Date(now.getTime() + LEASE_SECONDS * 1000)),
    );
    await Promise.all(
      due.map(async ({ delivery, endpoint }) => {
        const body = JSON.stringify(delivery.payload);
        const result = await postSigned(endpoint.url, body, headersFor(endpoint.secret, delivery.eventType, delivery.eventId, body, now), deps.network);
        await withTransaction(deps.pool, (tx) => settleAttempt(tx.db, delivery, result, now));
      }),
    );
    sent += due.length;
    // Claimed rows are leased, so each claim takes new ones; the sweep ends when none is due.
    if (due.length === 0) return sent;
  }
}

/** The test button: a `ping` sent now, recorded like any delivery but never retried. */
export async function sendPing(deps: DeliveryDeps, endpoint: q.EndpointRow, now = new Date()): Promise<q.DeliveryRow> {
  const id = randomUUID();
  const payload = { id, type: 'ping', created_at: now.toISOString(), data: { endpoint_id: endpoint.id } };
  const body = JSON.stringify(payload);
  const result = await postSigned(endpoint.url, body, headersFor(endpoint.secret, 'ping', id, body, now), deps.network);
  return withTransaction(deps.pool, async ({ db }) => {
    if (result.ok) await q.markEndpointHealthy(db, endpoint.id);
    return q.insertDelivery(db, {
      endpointId: endpoint.id,
      eventType: 'ping',
      eventId: id,
      payload,
      attempts: 1,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      deliveredAt: result.ok ? now : null,
      failedAt: result.ok ? null : now,
    });
  });
}
