import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { conflict } from '../errors';

/**
 * A request sent with an `Idempotency-Key` (plugins/idempotency.ts), as the transactions it
 * runs see it. The key's row is written by the request's first transaction, inside it: the
 * key commits with what the request changed, or not at all. So a retry can always tell a
 * create that happened (replay or refuse) from one that did not (carry it out).
 */
export interface IdempotentRequest {
  userId: number;
  key: string;
  operation: string;
  requestHash: string;
  /** Whether a transaction of this request holds (or committed) the key's row. */
  claimed: boolean;
}

export const idempotentRequests = new AsyncLocalStorage<IdempotentRequest>();

export const KEY_REUSED_MESSAGE =
  'A request with this Idempotency-Key was already received and may have been carried out. Check the result before you send it again with a new key.';

/**
 * Called by withTransaction after BEGIN. A second request with the same key waits here on the
 * row's unique key until the first one's transaction ends; if that one committed, this one is
 * refused, so two retries sent at once never make two records.
 */
export async function claimIdempotencyKey(client: pg.PoolClient): Promise<(() => void) | undefined> {
  const request = idempotentRequests.getStore();
  if (!request || request.claimed) return undefined;
  const { rowCount } = await client.query(
    `insert into idempotency_keys (user_id, key, operation, request_hash) values ($1, $2, $3, $4) on conflict (user_id, key) do nothing`,
    [request.userId, request.key, request.operation, request.requestHash],
  );
  if (rowCount === 0) throw conflict(KEY_REUSED_MESSAGE);
  request.claimed = true;
  // A rollback takes the row away again: the request did nothing, and may be sent again.
  return () => {
    request.claimed = false;
  };
}
