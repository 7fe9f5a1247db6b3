import type pg from 'pg';
import { actorStatement } from './actor';
import { createDb, type Db } from './client';
import { claimIdempotencyKey } from './idempotency';

/** A transaction with both a typed Drizzle handle and raw SQL on the same connection. */
export interface Tx {
  db: Db;
  /** For libraries that take raw SQL, e.g. pg-boss's `send(..., { db })`, to join this transaction. */
  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

/**
 * One Drizzle handle per pooled connection, made on its first transaction: making one reads the
 * whole schema's relations, a few percent of the server's CPU when every write made its own.
 */
const handles = new WeakMap<pg.PoolClient, Db>();
const transactionHandles = new WeakSet<object>();

/** Whether `db` is a transaction's handle: what it reads may not be committed, so it is never remembered. */
export const isTransactionHandle = (db: object): boolean => transactionHandles.has(db);

function dbOf(client: pg.PoolClient): Db {
  let db = handles.get(client);
  if (!db) {
    db = createDb(client as unknown as pg.Pool);
    handles.set(client, db);
    transactionHandles.add(db);
  }
  return db;
}

export async function withTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost mid-transaction (a database restart) fails the query in hand; the
  // socket's own error that follows must not become an uncaught exception.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  let unclaim: (() => void) | undefined;
  try {
    // The request's actor rides with BEGIN, for the history triggers (db/actor.ts).
    await client.query(`BEGIN${actorStatement()}`);
    unclaim = await claimIdempotencyKey(client);
    const result = await work({
      db: dbOf(client),
      executeSql: (text, values) => client.query(text, values as unknown[]),
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    unclaim?.();
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.off('error', ignore);
    // A client that cannot even roll back is discarded, not handed to the next request.
    client.release(broken);
  }
}
