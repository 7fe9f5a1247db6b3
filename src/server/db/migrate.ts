import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import type { Db } from './client';

/**
 * The advisory lock every Firemark process takes while it migrates (a fixed number, unlikely
 * to be used by anything else on the same database): instances starting together apply the
 * migrations once, one after the other, never side by side. Drizzle's migrator alone reads
 * "what is applied" before its transaction, so two at once would both apply the same files.
 */
export const MIGRATION_LOCK_KEY = 4_815_162_342;

/**
 * Applies the generated SQL in drizzle/ that this database has not seen yet, holding the
 * migration lock on a connection of its own (a session lock, so that it is held across the
 * migrator's own connections and released by the server if this process dies). `alsoUnderLock`
 * runs before the lock is let go: the data steps that follow the schema (migrateDatabase in
 * src/server/migrate-database.ts) and the job queue's set-up (pg-boss's tables and queues),
 * which deadlocks when several processes create it side by side.
 */
export async function runMigrations(db: Db, log: (message: string) => void = () => undefined, alsoUnderLock: () => Promise<void> = async () => undefined): Promise<void> {
  // The pool the handle was made on (createDb); its settings open the lock's own connection.
  const { $client: pool } = db as Db & { $client: pg.Pool };
  const lock = new pg.Client(pool.options);
  lock.on('error', () => undefined); // a lost connection fails the query below, and releases the lock server-side
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_KEY]);
    if (!rows[0]!.locked) {
      log('Another instance is applying migrations; waiting for it to finish.');
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    // Whoever held the lock may have applied everything already: the migrator then finds nothing to do.
    await migrate(db, { migrationsFolder: migrationsDir });
    await alsoUnderLock();
  } finally {
    // Ending the session releases its advisory locks.
    await lock.end().catch(() => undefined);
  }
}
