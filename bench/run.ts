/**
 * npm run bench: the figures the issues ask for, on the production build and loopback only.
 * Results print as a table and are written to bench/results/latest.json.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { pageJsGzipBytes } from './bundle-size';
import { rssMiB, startServer } from './server-process';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/.vite/manifest.json')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const results: Record<string, number | string> = {};
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-bench-'));
try {
  const cold = await startServer({ DATA_DIR: dataDir });
  results['cold start, empty data dir (ms to /readyz)'] = Math.round(cold.msToReady);
  results['server RSS after start (MiB)'] = Math.round(rssMiB(cold.process.pid!));
  await cold.stop();

  const warm = await startServer({ DATA_DIR: dataDir });
  results['cold start, existing data dir (ms to /readyz)'] = Math.round(warm.msToReady);

  const origin = new URL(warm.url).origin;
  const signup = await fetch(`${warm.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ fullName: 'Bench Mark', email: 'bench@example.com', username: 'bench', password: 'bench-password' }),
  });
  const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
  const me = await autocannon({ url: `${warm.url}/api/auth/me`, headers: { cookie }, connections: 10, duration: DURATION_S });
  if (me.non2xx > 0) throw new Error(`${me.non2xx} answers of /api/auth/me were not 2xx`);
  results['GET /api/auth/me (req/s)'] = Math.round(me.requests.average);
  results['GET /api/auth/me p99 (ms)'] = me.latency.p99;
  results['server RSS after load (MiB)'] = Math.round(rssMiB(warm.process.pid!));
  await warm.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const landing = pageJsGzipBytes('dist/client', 'features/landing');
results['landing page JavaScript (KiB gzip)'] = Number((landing.bytes / 1024).toFixed(1));

console.table(results);
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, durationSeconds: DURATION_S, results }, null, 2),
);
