import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * Timestamps stay strings, as Drizzle's own `execute` returns them, so a query moved from
 * `db.execute` to `preparedRows` hands its caller the same values.
 */
const AS_TEXT = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const names = new Map<string, string>();
/** One name per statement text: node-postgres refuses one name for two texts on a connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `fm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs raw SQL as a named (prepared) statement: PostgreSQL plans it once per connection
 * instead of on every request. Values stay parameters, so one text serves every account;
 * only the shape of the query (which filters are present) makes a new statement.
 */
export async function preparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // A Drizzle transaction has no $client: its session holds the connection it runs on.
  const handle = db as unknown as { $client?: pg.Pool | pg.PoolClient; session?: { client: pg.Pool | pg.PoolClient } };
  const client = handle.$client ?? handle.session!.client;
  const result = await client.query({ name: statementName(text), text, values: params, types });
  return result.rows as T[];
}

/**
 * A page's ids as rows `page(id, n)`, n their order, for a statement that reads a page's rows by
 * id (`join … on x.id = page.id … order by page.n`). From JSON rather than an int[] parameter:
 * PostgreSQL then estimates the same number of rows whatever the ids, so it keeps one generic
 * plan for the statement on each connection (preparedRows). Given an array, it would plan the
 * statement again for every single id (its plan for one row looks cheaper than the generic one),
 * and planning such a statement costs more than running it.
 */
export const pageOfIds = (ids: readonly number[]): SQL =>
  sql`(select e.value::int as id, e.n from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality as e(value, n)) page`;

/**
 * A Drizzle prepared query built once per database handle (a test runs several apps, each on
 * its own pool) rather than once per request.
 */
export function preparedOnce<Handle extends object, P>(build: (db: Handle) => P): (db: Handle) => P {
  const built = new WeakMap<Handle, P>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
