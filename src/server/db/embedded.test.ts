import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const dir = mkdtempSync(path.join(os.tmpdir(), 'firemark-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('creates the data directory, reuses a running server, and keeps data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir });
    expect(first.startedHere).toBe(true);
    await query(first.url, "create table kept (v text); insert into kept values ('still here')");

    // A second app process (or one started after a crash left the server running).
    const second = await startEmbeddedPostgres({ dataDir: dir });
    expect(second.startedHere).toBe(false);
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop(); // the first handle still uses it: left running
    expect(await query(first.url, 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);

    await first.stop();
    const restarted = await startEmbeddedPostgres({ dataDir: dir });
    expect(restarted.startedHere).toBe(true);
    expect(await query(restarted.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await restarted.stop();
  });
});
