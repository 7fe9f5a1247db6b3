import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from '../db/client';
import { isTransactionHandle, withTransaction, type Tx } from '../db/transaction';
import { answerCacheLookups } from '../metrics';
import { toJsonBytes, type JsonBytes } from '../route-schema';

/**
 * Answers computed from an account's properties, inspections and requirements (dashboard
 * counts, list pages with their totals), remembered in this process under the account's
 * data version.
 *
 * Why it is safe: every write to that data raises `organizations.data_version` (accountDataChanged), as does
 * every change of a member's role or properties,,
 * and every request reads the account's row, version included, before it reads anything else
 * (plugins/auth.ts). An answer is served only while the version it was computed under is the
 * one just read, so a write is seen by the next request of anyone, on any instance. An answer
 * computed while a write lands is kept under the older version and never served after it.
 * Answers that depend on the day have the account's day in their key.
 */
export interface VersionedAccount {
  id: number;
  dataVersion: number;
  /** What the caller reaches (server/access.ts): members who reach different records never share an answer. */
  propertyIds?: readonly number[] | null;
  role?: string;
  inspectorId?: number | null;
}

/** The part of a key that says what the caller reaches: empty for everyone who reaches everything. */
function reachKey(account: VersionedAccount): string {
  const properties = account.propertyIds ? `p${account.propertyIds.join(',')}` : '';
  const inspections = account.role === 'inspector' ? `i${account.inspectorId ?? 0}` : '';
  return properties + inspections;
}

const MAX_ENTRIES = 20_000;
/** 32 MB of remembered list pages at most, counted in bytes; the oldest go first. Their compressed
 * copies (plugins/compression.ts) are not counted and add about a fifth. */
const MAX_WEIGHT = 32 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
  weight: number;
}

interface Cache {
  entries: Map<string, Entry>;
  weight: number;
}

/** Per database handle: two apps in one process (tests) may number their accounts alike. */
const caches = new WeakMap<object, Cache>();

/**
 * The answer remembered for this account under `key`, or `compute`'s, remembered. `weight`
 * is about its size in bytes (a serialised page's length); small answers need none.
 */
export async function remembered<T>(
  db: Db,
  account: VersionedAccount,
  key: string,
  compute: () => Promise<T>,
  weight: (value: T) => number = () => 64,
): Promise<T> {
  // A transaction's handle lives as long as its connection: an answer read inside one may show
  // what is not committed yet, so it is computed and not kept.
  if (isTransactionHandle(db)) return compute();
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), weight: 0 };
    caches.set(db, cache);
  }
  const k = `${account.id}|${reachKey(account)}|${key}`;
  const hit = cache.entries.get(k);
  if (hit && hit.version === account.dataVersion) {
    // Moved to the end: the entries used least recently are the first to go.
    cache.entries.delete(k);
    cache.entries.set(k, hit);
    answerCacheLookups.inc({ result: 'hit' });
    return hit.value as T;
  }
  answerCacheLookups.inc({ result: 'miss' });
  const value = await compute();
  // The key counts too: a list narrowed to 500 chosen properties has a key of several kilobytes.
  const entry = { version: account.dataVersion, value, weight: weight(value) + k.length * 2 };
  const old = cache.entries.get(k);
  if (old) {
    cache.entries.delete(k);
    cache.weight -= old.weight;
  }
  cache.entries.set(k, entry);
  cache.weight += entry.weight;
  while (cache.entries.size > MAX_ENTRIES || cache.weight > MAX_WEIGHT) {
    const [oldestKey, oldest] = cache.entries.entries().next().value!;
    cache.entries.delete(oldestKey);
    cache.weight -= oldest.weight;
  }
  return value;
}

/** A page of a list, already serialised, with the total of the whole list. */
export interface RememberedPage<T> {
  json: JsonBytes<T[]>;
  total: number;
}

/**
 * A page of a list and its total, remembered as serialised bytes (sent as they are, with
 * their compressed copies: plugins/compression.ts), weighed by their length. `key` names the list and
 * holds everything the page depends on: the account's day and the whole query.
 */
export function rememberedPage<T>(db: Db, account: VersionedAccount, key: string, compute: () => Promise<[rows: T[], total: number]>): Promise<RememberedPage<T>> {
  return remembered(
    db,
    account,
    key,
    async () => {
      const [rows, total] = await compute();
      return { json: toJsonBytes(rows), total };
    },
    (page) => page.json.length,
  );
}

/**
 * Call from every service that writes an account's properties, inspections or requirements,
 * inside its transaction when it has one (so the new version commits with the data), else
 * right after the write and before answering.
 */
export async function accountDataChanged(db: DbOrTx, organizationId: number): Promise<void> {
  await db.execute(sql`update organizations set data_version = data_version + 1 where id = ${organizationId}`);
}

/** A transaction that writes the account's data and raises its data version before it commits. */
export function writeAccountData<T>(pool: pg.Pool, organizationId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (tx) => {
    const result = await work(tx);
    await accountDataChanged(tx.db, organizationId);
    return result;
  });
}
