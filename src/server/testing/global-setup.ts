import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, createPool } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrateDatabase } from '../migrate-database';
import { startBoss } from '../jobs/boss';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { adminUrl: string; template: string };
  }
}

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when set, otherwise an embedded server in a
 * temporary folder. A template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let cleanup = async () => undefined as void;
  if (adminUrl) {
    console.log('[tests] Using the PostgreSQL server at TEST_DATABASE_URL');
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'firemark-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir: dir,
      // Throw-away data: durability settings off for speed.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = embedded.url;
    console.log('[tests] Using an embedded PostgreSQL server');
    cleanup = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const template = `firemark_test_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = createPool(databaseUrl(adminUrl, template), 2);
  await migrateDatabase(createDb(pool));
  const boss = await startBoss(pool, { background: false });
  await boss.stop({ graceful: false, wait: true });
  await pool.end();

  project.provide('testDb', { adminUrl, template });

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await cleanup();
  };
}
