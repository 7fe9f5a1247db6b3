import type pg from 'pg';
import { createDb, type Db } from './client';

/** A transaction with both a typed Drizzle handle and raw SQL on the same connection. */
export interface Tx {
  db: Db;
  /** For libraries that take raw SQL, e.g. pg-boss's `send(..., { db })`, to join this transaction. */
  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

export async function withTransaction<T>(pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({
      db: createDb(client as unknown as pg.Pool),
      executeSql: (text, values) => client.query(text, values as unknown[]),
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
