/**
 * The server comparison alone (bench/compare.ts), without the rest of `npm run bench`:
 * `npm run build`, then `node --import tsx bench/compare-alone.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareServers } from './compare';
import { seedPortfolio } from './portfolio';
import { startServer } from './server-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-compare-'));
try {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const origin = new URL(server.url).origin;
    const signup = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ fullName: 'Big Portfolio', email: 'big@example.com', username: 'bigportfolio', password: 'bench-password' }),
    });
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const user = (await signup.json()) as { id: number };
    const credentials = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'));
    const databaseUrl = `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/postgres`;
    await seedPortfolio(databaseUrl, user.id, { properties: 10_000, inspections: 100_000 });
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
