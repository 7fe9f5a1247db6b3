import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../paths';
import type { Db } from './client';

/** Applies the generated SQL in drizzle/ that this database has not seen yet. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir });
}
