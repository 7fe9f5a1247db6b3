/**
 * The cache-miss part of bench:scale alone, against a database already seeded (bench/README.md,
 * "Scale"), so a change to one query is measured without four minutes of seeding:
 *
 *   BENCH_DATABASE_URL=postgres://… BENCH_USERNAME=scale-large-1 [BENCH_POSTMASTER_PID=…]
 *   [BENCH_ENDPOINTS=/api/dashboard/stats,…] [BENCH_DURATION=10] node --import tsx bench/scale/cache-miss-existing.ts
 *
 * The built server (dist/) and, when its pid is given, the database run on one CPU and the load
 * on the other, as in run.ts. BENCH_PGOPTIONS passes settings to the server's connections (for
 * example `-c log_min_duration_statement=0` to read the SQL it sends in the database's log), and
 * BENCH_NODE_ARGS arguments to the server's node (`--cpu-prof --cpu-prof-dir=…` for a profile).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { pin, pinThisProcess } from '../compare';
import { startServer } from '../server-process';
import { measureCacheMisses, MISSED_ENDPOINTS } from './cache-miss';
import { signIn } from './seed';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const username = process.env.BENCH_USERNAME ?? 'scale-large-1';
if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to the seeded database');
const endpoints = process.env.BENCH_ENDPOINTS?.split(',') ?? MISSED_ENDPOINTS;
const postmasterPid = process.env.BENCH_POSTMASTER_PID ? Number(process.env.BENCH_POSTMASTER_PID) : undefined;
const APP_URL = 'http://firemark.bench.localhost';
const ALL_CPUS = `0-${os.cpus().length - 1}`;

if (!existsSync('dist/server/main.js')) execSync('npm run build', { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-miss-'));
const metricsToken = randomBytes(16).toString('hex');
const server = await startServer(
  {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: metricsToken,
    APP_URL,
    DATA_DIR: dataDir,
    ...(process.env.BENCH_PGOPTIONS ? { PGOPTIONS: process.env.BENCH_PGOPTIONS } : {}),
  },
  process.cwd(),
  process.env.BENCH_NODE_ARGS?.split(' ') ?? [],
);
try {
  const cookie = await signIn(server.url, username, APP_URL);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ id: number }>('select m.organization_id as id from memberships m join users u on u.id = m.user_id where u.username = $1', [username])
    .finally(() => client.end());
  pin(server.process.pid!, '0');
  if (postmasterPid) pin(postmasterPid, '0');
  pinThisProcess('1');
  const table = await measureCacheMisses({
    url: server.url,
    databaseUrl,
    organizationId: rows[0]!.id,
    cookie,
    metricsToken,
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    endpoints,
  });
  console.table(table);
} finally {
  if (postmasterPid) pin(postmasterPid, ALL_CPUS);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
