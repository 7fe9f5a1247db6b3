/**
 * npm run bench: the figures the issues ask for, on the production build and loopback only.
 * Results print as a table and are written to bench/results/latest.json.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../src/server/db/client';
import { findDueReminders } from '../src/server/modules/reminders/reminders.queries';
import { findDueRequirementReminders } from '../src/server/modules/reminders/requirement-reminders.queries';
import { measureAlertFlood } from './alert-flood';
import { compareServers, type ComparedRow } from './compare';
import { routeJsBrotliBytes } from './bundle-size';
import { measureLighthouse } from './lighthouse';
import { measureHostileBody } from './hostile-body';
import { measureHeavyReports } from './heavy-reports';
import { measureDevices } from './devices';
import { measureWalkDraw } from './walk-draw';
import { measurePwa } from './pwa';
import { measureHistoryImport } from './history-import';
import { addLimitedManager, makePro, seedPortfolio } from './portfolio';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { peakRssMiB, rssMiB, startServer } from './server-process';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/.vite/manifest.json')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const results: Record<string, number | string> = {};
let compared: ComparedRow[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-bench-'));
try {
  const cold = await startServer({ DATA_DIR: dataDir });
  results['cold start, empty data dir (ms to /readyz)'] = Math.round(cold.msToReady);
  results['server RSS after start (MiB)'] = Math.round(rssMiB(cold.process.pid!));
  await cold.stop();

  const warm = await startServer({ DATA_DIR: dataDir });
  results['cold start, existing data dir (ms to /readyz)'] = Math.round(warm.msToReady);

  const origin = new URL(warm.url).origin;
  const { cookie, id: benchUserId } = await signUp(warm.url, { fullName: 'Bench Mark', username: 'bench' });
  const me = await autocannon({ url: `${warm.url}/api/auth/me`, headers: { cookie }, connections: 10, duration: DURATION_S });
  if (me.non2xx > 0) throw new Error(`${me.non2xx} answers of /api/auth/me were not 2xx`);
  results['GET /api/auth/me (req/s)'] = Math.round(me.requests.average);
  results['GET /api/auth/me p99 (ms)'] = me.latency.p99;
  results['server RSS after load (MiB)'] = Math.round(rssMiB(warm.process.pid!));

  // A 5,000-row CSV import (as the dialog sends it) on a Pro account.
  const dbUrl = embeddedDatabaseUrl(dataDir);
  await makePro(dbUrl, benchUserId);
  const rows = Array.from({ length: 5000 }, (_, i) => ({
    name: `Imported ${i}`, addressLine1: `${i} Import Road`, city: 'Reno', state: 'NV', zip: '89501', propertyType: 'retail', managerEmail: `i${i}@example.com`,
  }));
  const importStarted = performance.now();
  const imported = await fetch(`${warm.url}/api/properties/bulk-import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ filename: 'bench.csv', properties: rows }),
  });
  if (imported.status !== 201) throw new Error(`Import failed: ${await imported.text()}`);
  results['import 5,000-row CSV (ms)'] = Math.round(performance.now() - importStarted);
  results['server peak RSS so far (MiB)'] = Math.round(peakRssMiB(warm.process.pid!));
  Object.assign(results, await measureHostileBody(warm.url, cookie, Math.min(DURATION_S, 5)));
  Object.assign(results, await measureHeavyReports(warm.url, dbUrl, warm.process.pid!, DURATION_S));
  Object.assign(results, await measureAlertFlood(warm.url, dbUrl));
  // A property with 2,000 devices: its walk-through list and a device's page (issue 32).
  Object.assign(results, await measureDevices(warm.url, dbUrl, DURATION_S));
  // A 500-device walk-through as a phone draws it: 375 px, the CPU slowed 4 times (issue 32 §3).
  Object.assign(results, await measureWalkDraw(warm.url, dbUrl));
  // Issue 33: Chrome's verdict on installing, Lighthouse on the installed app, and the same walk opened offline.
  Object.assign(results, await measurePwa(warm.url, dbUrl));

  // A large portfolio: a second account with 10,000 properties and 100,000 inspections.
  const { cookie: bigCookie, id: bigUserId } = await signUp(warm.url, { fullName: 'Big Portfolio', username: 'bigportfolio' });
  const seedStarted = performance.now();
  await seedPortfolio(dbUrl, bigUserId, { properties: 10_000, inspections: 100_000 });
  results['seed 10,000 properties + 100,000 inspections + their four items\' library requirements (ms)'] = Math.round(performance.now() - seedStarted);
  for (const endpoint of [
    '/api/dashboard/stats',
    '/api/properties',
    '/api/properties?sort=compliance&status=non_compliant',
    '/api/inspections',
    '/api/inspections/upcoming',
    // Completions whose activity is not stated or assumed: the partial index keeps it to those.
    '/api/inspections/activity-review',
    '/api/requirements/unscheduled',
    '/api/subscription/status',
  ]) {
    const run = await autocannon({ url: `${warm.url}${endpoint}`, headers: { cookie: bigCookie }, connections: 10, duration: DURATION_S });
    if (run.non2xx > 0) throw new Error(`${run.non2xx} answers of ${endpoint} were not 2xx`);
    results[`GET ${endpoint} (req/s)`] = Math.round(run.requests.average);
    results[`GET ${endpoint} p99 (ms)`] = run.latency.p99;
  }
  // The same portfolio read by a member: a manager given 500 of its 10,000 properties, whose
  // session acts on that organisation. Every read is narrowed to what they were given.
  const { cookie: memberCookie, id: memberId } = await signUp(warm.url, { fullName: 'Part Manager', username: 'partmanager' });
  await addLimitedManager(dbUrl, bigUserId, memberId, 500);
  const switched = await fetch(`${warm.url}/api/organizations/${bigUserId}/switch`, { method: 'POST', headers: { origin, cookie: memberCookie } });
  if (switched.status !== 200) throw new Error(`Switching the member to the portfolio answered ${switched.status}`);
  for (const endpoint of ['/api/dashboard/stats', '/api/properties', '/api/inspections', '/api/inspections/upcoming']) {
    const run = await autocannon({ url: `${warm.url}${endpoint}`, headers: { cookie: memberCookie }, connections: 10, duration: DURATION_S });
    if (run.non2xx > 0) throw new Error(`${run.non2xx} answers of ${endpoint} to the member were not 2xx`);
    results[`GET ${endpoint}, a manager given 500 properties (req/s)`] = Math.round(run.requests.average);
    results[`GET ${endpoint}, a manager given 500 properties p99 (ms)`] = run.latency.p99;
  }
  // The same lists as a browser asks for them: Chromium accepts these encodings, so it gets brotli.
  for (const endpoint of ['/api/properties', '/api/inspections/upcoming']) {
    const headers = { cookie: bigCookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const run = await autocannon({ url: `${warm.url}${endpoint}`, headers, connections: 10, duration: DURATION_S });
    if (run.non2xx > 0) throw new Error(`${run.non2xx} answers of ${endpoint} were not 2xx`);
    results[`GET ${endpoint}, as a browser asks (brotli) (req/s)`] = Math.round(run.requests.average);
    results[`GET ${endpoint}, as a browser asks (brotli) p99 (ms)`] = run.latency.p99;
    results[`GET ${endpoint}, as a browser asks (brotli) (bytes per answer, headers included)`] = Math.round(run.throughput.average / run.requests.average);
  }

  // Against an Express peer and the same answers from memory, pinned to one CPU, 50 connections.
  compared = await compareServers({
    firemarkUrl: warm.url,
    firemarkPid: warm.process.pid!,
    databaseUrl: dbUrl,
    username: 'bigportfolio',
    cookie: bigCookie,
    durationSeconds: DURATION_S,
  });

  // A PDF report of one property of the large portfolio (about ten inspections a year).
  const firstProperty = ((await (await fetch(`${warm.url}/api/properties?limit=1`, { headers: { cookie: bigCookie } })).json()) as { id: number }[])[0]!;
  const reportTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const report = await fetch(`${warm.url}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: bigCookie },
      body: JSON.stringify({ propertyId: firstProperty.id, reportType: 'fire_safety' }),
    });
    if (report.status !== 201) throw new Error(`Report failed: ${await report.text()}`);
    reportTimes.push(performance.now() - started);
  }
  reportTimes.sort((a, b) => a - b);
  results['POST /api/reports, one property (median ms of 20)'] = Math.round(reportTimes[10]!);

  // The reminder sweep's query over the large portfolio, at noon UTC (the account's zone).
  const pool = new pg.Pool({ connectionString: dbUrl });
  try {
    const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const sweepStarted = performance.now();
    const due = await findDueReminders(createDb(pool), noon, 100_000);
    results['reminder sweep: find every due reminder (ms)'] = Math.round(performance.now() - sweepStarted);
    results['reminder sweep: reminders due'] = due.length;
    const requirementSweepStarted = performance.now();
    const dueRequirements = await findDueRequirementReminders(createDb(pool), noon, 100_000);
    results['reminder sweep: find every due, not scheduled requirement reminder (ms)'] = Math.round(performance.now() - requirementSweepStarted);
    results['reminder sweep: requirement reminders due'] = dueRequirements.length;
  } finally {
    await pool.end();
  }
  results['server peak RSS (MiB)'] = Math.round(peakRssMiB(warm.process.pid!));
  Object.assign(results, await measureLighthouse(warm.url, bigCookie));
  // Last: it adds 10,000 completed inspections, which the reads above must not see.
  Object.assign(results, await measureHistoryImport(warm.url, bigCookie, 10_000));
  await warm.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const [route, bytes] of Object.entries(routeJsBrotliBytes('dist/client'))) results[`JavaScript transferred, ${route} (KB brotli)`] = Number((bytes / 1000).toFixed(1));

console.table(results);
console.log('Firemark against an Express peer and the same answers from memory (median of 3 rounds, 50 connections, server on one CPU):');
console.table(compared);
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, durationSeconds: DURATION_S, results, compared }, null, 2),
);

// Issue 34 §4: ten times the data, under writes, and two web instances against one
// (bench/scale/run.ts; its figures go to bench/results/scale-latest.json). BENCH_SCALE=0 skips it.
if (process.env.BENCH_SCALE !== '0') execSync('npm run bench:scale', { stdio: 'inherit' });
