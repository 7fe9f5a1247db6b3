import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from '../db/client';
import { withTransaction, type Tx } from '../db/transaction';

/**
 * Answers computed from an account's properties, inspections and requirements (dashboard
 * counts, list totals), remembered in this process under the account's data version.
 *
 * Why it is safe: every write to that data raises `users.data_version` (accountDataChanged),
 * and every request reads the account's row, version included, before it reads anything else
 * (plugins/auth.ts). An answer is served only while the version it was computed under is the
 * one just read, so a write is seen by the next request of anyone, on any instance. An answer
 * computed while a write lands is kept under the older version and never served after it.
 * Answers that depend on the day have the account's day in their key.
 */
export interface VersionedAccount {
  id: number;
  dataVersion: number;
}

const MAX_ENTRIES = 20_000;

interface Entry {
  version: number;
  value: unknown;
}

/** Per database handle: two apps in one process (tests) may number their accounts alike. */
const caches = new WeakMap<object, Map<string, Entry>>();

export async function remembered<T>(db: Db, account: VersionedAccount, key: string, compute: () => Promise<T>): Promise<T> {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const k = `${account.id}|${key}`;
  const hit = entries.get(k);
  if (hit && hit.version === account.dataVersion) return hit.value as T;
  const value = await compute();
  // Re-inserted so the oldest entries are the first to go when the map is full.
  entries.delete(k);
  entries.set(k, { version: account.dataVersion, value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/**
 * Call from every service that writes an account's properties, inspections or requirements,
 * inside its transaction when it has one (so the new version commits with the data), else
 * right after the write and before answering.
 */
export async function accountDataChanged(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`update users set data_version = data_version + 1 where id = ${userId}`);
}

/** A transaction that writes the account's data and raises its data version before it commits. */
export function writeAccountData<T>(pool: pg.Pool, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (tx) => {
    const result = await work(tx);
    await accountDataChanged(tx.db, userId);
    return result;
  });
}
