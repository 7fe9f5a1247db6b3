/**
 * npm run bench:scale: issue 34's figures at ten times the data and under writes (bench/README.md,
 * "Scale"). BENCH_SCALE_FACTOR (default 1) shrinks the data for a quick check that it works;
 * BENCH_DURATION (seconds, default 10) is each measured run. Results print as tables and are
 * written to bench/results/scale-latest.json.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { startS3Server } from '../../src/server/testing/s3-server';
import { pin, pinThisProcess, startPinned, stopProcess } from '../compare';
import { startServer } from '../server-process';
import { measureCacheMisses } from './cache-miss';
import { OpenInspections, runMixedLoad, type MixedResult, type Session } from './mixed-load';
import { seedInsightHistory } from './insight-history';
import { compareInstances } from './multi-instance';
import { medianResult } from './rounds';
import { seedScale, signIn } from './seed';

const FACTOR = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** BENCH_PARTS (default all): which of cache-miss, mixed and instances to run after the seed. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'cache-miss,mixed,instances').split(','));
/** BENCH_NODE_ARGS: arguments to the all-in-one server's node, e.g. `--cpu-prof --cpu-prof-dir=…`. */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ') ?? [];
const ROUNDS = 3;
/** Sessions of the mixed load: one each in 100 of the small organisations. */
const MIXED_ORGANIZATIONS = 100;
const SERVER_CPU = '0';
const LOAD_CPU = '1';
const ALL_CPUS = `0-${os.cpus().length - 1}`;
/** The address the app believes it has (APP_URL): the writes' Origin, through whichever port they go. */
const APP_URL = 'http://firemark.bench.localhost';

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/.vite/manifest.json')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const say = (message: string) => console.log(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${message}`);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-scale-'));
// Run as root, the embedded PostgreSQL runs as 'postgres', who must reach its folder inside.
chmodSync(workDir, 0o711);
const results: Record<string, number | string> = {};
let cacheMisses: Awaited<ReturnType<typeof measureCacheMisses>> = [];
let mixed: (MixedResult & { server: string; 'x peer': number })[] = [];
let instances: Awaited<ReturnType<typeof compareInstances>> = [];
/** The first answers of the mixed loads that were not 2xx, to say why. */
const failures: string[] = [];
// The database outlives the processes: the all-in-one server first, the web and worker processes after.
mkdirSync(path.join(workDir, 'db'));
const database = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'db') }).catch((error: unknown) => {
  rmSync(workDir, { recursive: true, force: true });
  throw error;
});
const postmasterPid = Number(readFileSync(path.join(workDir, 'db', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const s3 = await startS3Server().catch(async (error: unknown) => {
  await database.stop();
  rmSync(workDir, { recursive: true, force: true });
  throw error;
});
const metricsToken = randomBytes(16).toString('hex');
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  METRICS_TOKEN: metricsToken,
  APP_URL,
  ...s3.env,
};
try {
  const server = await startServer({ ...env, DATA_DIR: mkdtempSync(path.join(workDir, 'all-')) }, process.cwd(), NODE_ARGS);
  const children = [];
  try {
    say('seeding');
    const seed = await seedScale(database.url, FACTOR);
    say(`seeded in ${Math.round(seed.seedMs)} ms`);
    const c = seed.counts;
    results['scale factor'] = FACTOR;
    results[`seed: ${c.largeProperties} properties and ${c.largeInspections} inspections in one organisation, ${c.smallOrganizations} organisations of ${c.smallProperties} properties and ${c.smallInspections} inspections (ms)`] = Math.round(seed.seedMs);
    say('insight history');
    results['insight: the status record\'s first run on the large organisation, its history derived (ms)'] = Math.round(await seedInsightHistory(database.url, seed.large.id));

    // Firemark and its PostgreSQL on one CPU, this process (the load) on the other.
    pin(server.process.pid!, SERVER_CPU);
    pin(postmasterPid, SERVER_CPU);
    pinThisProcess(LOAD_CPU);

    say('cache misses');
    if (PARTS.has('cache-miss')) cacheMisses = await measureCacheMisses({
      url: server.url,
      databaseUrl: database.url,
      organizationId: seed.large.id,
      cookie: await signIn(server.url, seed.large.username, APP_URL),
      metricsToken,
      durationSeconds: DURATION_S,
    });

    const mixedAccounts = seed.small.slice(0, MIXED_ORGANIZATIONS);
    const organizationIds = mixedAccounts.map((a) => a.id);
    const firemarkSessions: Session[] = [];
    for (const a of mixedAccounts) firemarkSessions.push({ organizationId: a.id, cookie: await signIn(server.url, a.username, APP_URL) });
    const peer = await startPinned('bench/peer-express.ts', { DATABASE_URL: database.url });
    children.push(peer.child);
    const peerSessions: Session[] = [];
    for (const a of mixedAccounts) {
      const login = await fetch(`${peer.url}/bench/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: a.username }) });
      if (!login.ok) throw new Error(`The peer refused the sign-in of ${a.username}: ${await login.text()}`);
      peerSessions.push({ organizationId: a.id, cookie: login.headers.get('set-cookie')!.split(';')[0]! });
    }
    const targets = [
      { server: 'Firemark', url: server.url, origin: APP_URL, sessions: firemarkSessions },
      { server: 'Express peer', url: peer.url, origin: undefined, sessions: peerSessions },
    ];
    const open = new OpenInspections(database.url, organizationIds);
    const run = async (t: (typeof targets)[number], seconds: number) => runMixedLoad({ ...t, open: await open.refresh(), durationSeconds: seconds, failures });
    if (PARTS.has('mixed')) {
      say('mixed load, Firemark against the Express peer');
      for (const t of targets) await run(t, 1);
      const samples = new Map<string, MixedResult[]>(targets.map((t) => [t.server, []]));
      for (let round = 0; round < ROUNDS; round++) for (const t of targets) samples.get(t.server)!.push(await run(t, DURATION_S));
      const [firemark, ofPeer] = targets.map((t) => medianResult(samples.get(t.server)!));
      mixed = [
        { server: 'Firemark', ...firemark!, 'x peer': Number((firemark!['req/s'] / ofPeer!['req/s']).toFixed(2)) },
        { server: 'Express peer', ...ofPeer!, 'x peer': 1 },
      ];
    }

    for (const child of children) await stopProcess(child);
    pin(postmasterPid, ALL_CPUS);
    pinThisProcess(ALL_CPUS);
    await server.stop();

    say('mixed load, one web instance against two');
    if (PARTS.has('instances')) instances = await compareInstances({
      env,
      workDir,
      origin: APP_URL,
      sessions: firemarkSessions,
      open,
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      failures,
    });
  } finally {
    for (const child of children) await stopProcess(child);
    if (server.process.exitCode === null) await server.stop();
  }
} finally {
  await s3.close();
  await database.stop();
  // BENCH_KEEP_LOG: where to keep the database's log (with BENCH_PGOPTIONS="-c log_min_duration_statement=0", every statement's time).
  if (process.env.BENCH_KEEP_LOG) copyFileSync(path.join(workDir, 'db', 'postgres.log'), process.env.BENCH_KEEP_LOG);
  rmSync(workDir, { recursive: true, force: true });
}

console.table(results);
console.log('The first read after a write, one organisation of the largest size (10 connections, server and PostgreSQL on one CPU):');
console.table(cacheMisses);
console.log(`Mixed load: ${MIXED_ORGANIZATIONS} organisations, 90 % reads, 10 % writes (50 connections, server and PostgreSQL on one CPU, median of ${ROUNDS} rounds):`);
console.table(mixed);
console.log(`The same mixed load through a round-robin proxy, one web instance against two, and a worker (both CPUs, median of ${ROUNDS} rounds):`);
console.table(instances);
if (failures.length) console.log(`Answers that were not 2xx (the first ${failures.length}):\n${failures.join('\n')}`);
// A run of some parts leaves the last full run's figures where they are.
const resultsFile = PARTS.size === 3 ? 'bench/results/scale-latest.json' : path.join(os.tmpdir(), 'firemark-scale-parts.json');
console.log(`Written to ${resultsFile}`);
writeFileSync(
  resultsFile,
  JSON.stringify(
    { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, scaleFactor: FACTOR, durationSeconds: DURATION_S, results, cacheMisses, mixed, instances, failures },
    null,
    2,
  ),
);
