import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from './config';
import { createDb, createPool, type Db } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { migrateDatabase } from './migrate-database';
import { startBoss } from './jobs/boss';

/** What the HTTP app and the workers share: one pool, one job queue, one secret. */
export interface Runtime {
  config: Config;
  pool: pg.Pool;
  db: Db;
  boss: PgBoss;
  sessionSecret: string;
  close(): Promise<void>;
}

type Log = (message: string) => void;

/** SESSION_SECRET, or one generated on first start and kept in DATA_DIR. */
function sessionSecretFor(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.resolve(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A pool on DATABASE_URL, or on the embedded server in DATA_DIR (started if need be), that answered. */
async function connect(config: Config, log: Log, supervise: boolean): Promise<{ pool: pg.Pool; embedded?: EmbeddedPostgres }> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log, supervise });
    url = embedded.url;
  }
  const pool = createPool(url, config.databasePoolSize);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw new Error(`Cannot connect to PostgreSQL${config.databaseUrl ? ' at DATABASE_URL' : ''}: ${(error as Error).message}`);
  }
  return { pool, embedded };
}

/**
 * PROCESS_ROLE=migrate: the app's migrations and the job queue's tables and queues, under the
 * migration lock, then everything closed. Upgrades run it before rolling the instances.
 */
export async function migrateOnly(config: Config, log: Log): Promise<void> {
  const { pool, embedded } = await connect(config, log, false);
  try {
    await migrateDatabase(createDb(pool), log, async () => {
      const boss = await startBoss(pool, { background: false });
      await boss.stop({ graceful: false, wait: true });
    });
  } finally {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
  }
}

export async function startRuntime(config: Config, log: Log): Promise<Runtime> {
  const { pool, embedded } = await connect(config, log, true);
  const db = createDb(pool);
  let boss!: PgBoss;
  await migrateDatabase(db, log, async () => {
    boss = await startBoss(pool, { background: config.runWorkers });
  });

  return {
    config,
    pool,
    db,
    boss,
    sessionSecret: sessionSecretFor(config),
    async close() {
      // Running jobs may finish within the shutdown time; those still running then are failed, to be retried.
      await boss.stop({ graceful: true, wait: true, timeout: config.process.shutdownTimeoutMs }).catch(() => undefined);
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
