// The database a command-line script works on: DATABASE_URL, or the embedded one in DATA_DIR.
import { loadConfig } from '../src/server/config';
import { createDb, createPool } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { migrateDatabase } from '../src/server/migrate-database';

export async function openDatabase() {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const pool = createPool(config.databaseUrl ?? embedded!.url, 2);
  const db = createDb(pool);
  await migrateDatabase(db);
  return {
    db,
    pool,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
