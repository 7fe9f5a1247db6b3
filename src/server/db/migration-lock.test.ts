import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../paths';
import { databaseUrl } from '../testing/database-url';
import { createDb, createPool } from './client';
import { MIGRATION_LOCK_KEY, runMigrations } from './migrate';

/**
 * Several instances starting at once against one new database (web instances and workers
 * rolled out together): each migrates under one advisory lock, so the migrations are applied
 * once, by one of them, and the others find nothing left to do.
 */
const { adminUrl } = inject('testDb');
const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database of its own, dropped after the test. */
async function freshDatabase(): Promise<string> {
  const name = `firemark_lock_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return databaseUrl(adminUrl, name);
}

function instancePool(url: string): pg.Pool {
  const pool = createPool(url, 2);
  cleanups.push(() => pool.end());
  return pool;
}

describe('migrations under the advisory lock', () => {
  it('applied by four instances starting at once: all succeed and each migration is recorded once', async () => {
    const url = await freshDatabase();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => runMigrations(createDb(instancePool(url)))));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'applied'))).toEqual(['applied', 'applied', 'applied', 'applied']);

    const check = instancePool(url);
    const { rows } = await check.query<{ hash: string; times: number }>('select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash');
    expect(rows).toHaveLength(journal.entries.length);
    expect(rows.filter((r) => r.times !== 1)).toEqual([]);
    // The schema is whole: the last migrations' tables are there.
    expect((await check.query("select to_regclass('public.properties') is not null as there")).rows[0].there).toBe(true);
  });

  it('waits while another process holds the lock, and applies nothing until it is released', async () => {
    const url = await freshDatabase();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    cleanups.push(() => other.end().catch(() => undefined));
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);

    const messages: string[] = [];
    const migrating = runMigrations(createDb(instancePool(url)), (m) => messages.push(m));
    const observer = instancePool(url);
    // Waiting on the lock in the database, not finished, and nothing applied meanwhile.
    await expect
      .poll(async () => (await observer.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n, { timeout: 20_000 })
      .toBe(1);
    expect(messages).toEqual(['Another instance is applying migrations; waiting for it to finish.']);
    expect((await observer.query("select to_regclass('drizzle.__drizzle_migrations') is null as absent")).rows[0].absent).toBe(true);

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await migrating;
    const { rows } = await observer.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(journal.entries.length);
    // The lock is given back once the migrations are in.
    expect((await observer.query("select count(*)::int as n from pg_locks where locktype = 'advisory'")).rows[0].n).toBe(0);
  });
});
