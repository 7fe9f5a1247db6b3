import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/**
 * Who a request's writes are made by, for the history (docs/history.md): set once per request by
 * plugins/history-actor.ts from the caller, read by withTransaction, which hands it to the
 * database for the transaction (`firemark.actor`), where the history triggers read it. Writes
 * made outside a request (jobs, billing's webhooks) have none: the system's. A sign-up names its
 * person with actAs().
 */
export interface Actor {
  userId: number;
  /** The API token the request came with; null for a signed-in person. */
  tokenId: number | null;
}

export const actors = new AsyncLocalStorage<Actor>();

/**
 * The statement that names the actor for the transaction, sent with its BEGIN (no extra round
 * trip). Only integers go into the text, so it needs no quoting.
 */
export function actorStatement(actor: Actor | undefined = actors.getStore()): string {
  if (!actor || !Number.isSafeInteger(actor.userId)) return '';
  const token = actor.tokenId !== null && Number.isSafeInteger(actor.tokenId) ? String(actor.tokenId) : '';
  return `; select set_config('firemark.actor', '${actor.userId}:${token}', true)`;
}

/**
 * Names the actor for the rest of the transaction `db` runs in, where the request has none yet:
 * a sign-up's own organisation is made by the person signing up.
 */
export async function actAs(db: DbOrTx, actor: Actor): Promise<void> {
  await db.execute(sql`select set_config('firemark.actor', ${`${actor.userId}:${actor.tokenId ?? ''}`}, true)`);
}

/**
 * A Drizzle transaction on `db` with the request's actor named, for a write that has only the
 * Drizzle handle at hand (withTransaction names it by itself).
 */
export function transactionAsActor<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const actor = actors.getStore();
    if (actor) await actAs(tx, actor);
    return work(tx);
  });
}
