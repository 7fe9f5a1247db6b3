import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, createPool } from '../db/client';
import { migrateDatabase } from '../migrate-database';
import { migrationsDir } from '../paths';
import { databaseUrl } from './database-url';

export interface DatabaseBeforeMigration {
  pool: pg.Pool;
  /** Applies the migration under test and every one after it. */
  migrateRest(): Promise<void>;
  /** Drops the database and the copied migrations. */
  drop(): Promise<void>;
}

/**
 * A database of its own, migrated up to the one before `migration`, so that a test can seed
 * the old shape and then see what the migration does to existing rows.
 */
export async function databaseBefore(migration: string): Promise<DatabaseBeforeMigration> {
  const { adminUrl } = inject('testDb');
  const name = `firemark_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const pool = createPool(databaseUrl(adminUrl, name), 2);
  const before = mkdtempSync(path.join(os.tmpdir(), 'firemark-migrations-'));
  cpSync(migrationsDir, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === migration);
  if (index === -1) throw new Error(`No migration ${migration} in the journal`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  await migrate(createDb(pool), { migrationsFolder: before });
  return {
    pool,
    // As start-up does: the rest of the migrations, then the library's data.
    migrateRest: () => migrateDatabase(createDb(pool)),
    async drop() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(before, { recursive: true, force: true });
    },
  };
}

/** An organisation as an old database held it: id given, so tests can name it. */
export async function oldOrganization(pool: pg.Pool, id: number, name = 'Old Co'): Promise<number> {
  const result = await pool.query<{ id: number }>(`insert into organizations (id, name, time_zone) values ($1, $2, 'UTC') returning id`, [id, name]);
  return result.rows[0]!.id;
}

/** A property as an old database held it, in Reno unless told otherwise; the stored status columns as given. */
export async function oldProperty(
  pool: pg.Pool,
  organizationId: number,
  name: string,
  fields: { earliestDueDate?: string; inspected?: boolean; country?: string; state?: string; zip?: string } = {},
): Promise<number> {
  const result = await pool.query<{ id: number }>(
    `insert into properties (organization_id, name, address_line1, city, state, zip, country, manager_email, inspected, earliest_due_date)
     values ($1, $2, '1 Mill Road', 'Reno', $3, $4, $5, 'm@example.com', $6, $7) returning id`,
    [organizationId, name, fields.state ?? 'NV', fields.zip ?? '89501', fields.country ?? 'us', fields.inspected ?? false, fields.earliestDueDate ?? null],
  );
  return result.rows[0]!.id;
}
