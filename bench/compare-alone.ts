/**
 * The server comparison alone (bench/compare.ts), without the rest of `npm run bench`:
 * `npm run build`, then `node --import tsx bench/compare-alone.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareServers } from './compare';
import { seedPortfolio } from './portfolio';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { startServer } from './server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-compare-'));
try {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const { cookie, id: userId } = await signUp(server.url, { fullName: 'Big Portfolio', username: 'bigportfolio' });
    const databaseUrl = embeddedDatabaseUrl(dataDir);
    await seedPortfolio(databaseUrl, userId, { properties: 10_000, inspections: 100_000 });
    const rows = await compareServers({
      firemarkUrl: server.url,
      firemarkPid: server.process.pid!,
      databaseUrl,
      username: 'bigportfolio',
      cookie,
      durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    });
    console.table(rows);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
