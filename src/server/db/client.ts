import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or a transaction on it: queries accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// Calendar dates stay "YYYY-MM-DD" strings: never shifted through a JS Date and a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint counts (count(*)) fit comfortably in a JS number for this domain.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPool(connectionString: string, max = 10): pg.Pool {
  // A database that does not answer (a host gone, a full pool) turns into a 503 after 5 s
  // rather than a request hanging; a stopped server is refused at once anyway.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}
