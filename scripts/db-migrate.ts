// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and exits.
import { loadConfig } from '../src/server/config';
import { createDb, createPool } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, log: console.log });
const pool = createPool(config.databaseUrl ?? embedded!.url, 1);
try {
  await runMigrations(createDb(pool));
  console.log('Migrations applied.');
} finally {
  await pool.end();
  if (embedded?.startedHere) await embedded.stop();
}
