/**
 * Firemark against an Express peer (bench/peer-express.ts) and against the same answers served
 * from memory (bench/from-memory.ts), on the large portfolio. Each server, and Firemark's
 * PostgreSQL, runs on CPU 0; this process (the load generator) on CPU 1. 50 connections,
 * rounds interleaved (each endpoint on each server in turn), the median of the rounds kept.
 *
 * Alone (starts its own server and portfolio): npm run build, then
 * `node --import tsx bench/compare.ts`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './server-process';

export const COMPARED_ENDPOINTS = [
  '/api/auth/me',
  '/api/dashboard/stats',
  '/api/properties?limit=20',
  '/api/properties?limit=20&status=non_compliant',
  '/api/inspections/upcoming?limit=20',
];
const CONNECTIONS = 50;
const ROUNDS = 3;
const SERVER_CPU = '0';
const LOAD_CPU = '1';

function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++) for (const [child, parent] of parentOf) if (parent === found[i]) found.push(child);
  return found;
}

/** Every thread of the process and of its children; PostgreSQL backends forked later inherit it. */
export function pin(pid: number, cpu: string): void {
  for (const p of descendants(pid)) {
    try {
      execFileSync('taskset', ['-a', '-cp', cpu, String(p)], { stdio: 'ignore' });
    } catch {
      // a short-lived child that exited
    }
  }
}

/**
 * Every thread of this process only (the load generator). Not its children: the server it
 * started, and that server's embedded PostgreSQL, stay on the CPU they were given.
 */
export function pinThisProcess(cpu: string): void {
  execFileSync('taskset', ['-a', '-cp', cpu, String(process.pid)], { stdio: 'ignore' });
}

/** A bench server (a TypeScript file run by tsx) on CPU 0, once it says it is listening. */
export async function startPinned(script: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('taskset', ['-c', SERVER_CPU, process.execPath, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error(`${script} exited during start-up`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

interface Target {
  name: 'Firemark' | 'Express peer' | 'from memory';
  url: string;
  cookie: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface ComparedRow {
  endpoint: string;
  'Firemark req/s': number;
  'Firemark p99 ms': number;
  'peer req/s': number;
  'peer p99 ms': number;
  'from memory req/s': number;
  'from memory p99 ms': number;
  'x peer': number;
  '% of from memory': number;
}

export async function compareServers(options: {
  firemarkUrl: string;
  firemarkPid: number;
  databaseUrl: string;
  username: string;
  cookie: string;
  durationSeconds: number;
}): Promise<ComparedRow[]> {
  pin(options.firemarkPid, SERVER_CPU);
  pinThisProcess(LOAD_CPU);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-compare-'));
  const children: ChildProcess[] = [];
  try {
    const peer = await startPinned('bench/peer-express.ts', { DATABASE_URL: options.databaseUrl });
    children.push(peer.child);
    const login = await fetch(`${peer.url}/bench/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: options.username }),
    });
    if (!login.ok) throw new Error(`The peer refused the sign-in: ${await login.text()}`);
    const peerCookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const answers = [];
    for (const url of COMPARED_ENDPOINTS) {
      const response = await fetch(`${options.firemarkUrl}${url}`, { headers: { cookie: options.cookie } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      answers.push({ url, body: await response.text(), total: response.headers.get('x-total-count') });
    }
    const answersFile = path.join(workDir, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const memory = await startPinned('bench/from-memory.ts', { ANSWERS: answersFile });
    children.push(memory.child);

    const targets: Target[] = [
      { name: 'Firemark', url: options.firemarkUrl, cookie: options.cookie },
      { name: 'Express peer', url: peer.url, cookie: peerCookie },
      { name: 'from memory', url: memory.url, cookie: options.cookie },
    ];
    const samples = new Map<string, { rps: number[]; p99: number[] }>();
    const run = async (target: Target, endpoint: string, duration: number) => {
      const result = await autocannon({ url: `${target.url}${endpoint}`, headers: { cookie: target.cookie }, connections: CONNECTIONS, duration });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name} ${endpoint}: ${result.non2xx} not 2xx, ${result.errors} errors`);
      return result;
    };
    // A short warm-up, so the first round does not measure compilation and cold caches.
    for (const endpoint of COMPARED_ENDPOINTS) for (const target of targets) await run(target, endpoint, 1);
    for (let round = 0; round < ROUNDS; round++) {
      for (const endpoint of COMPARED_ENDPOINTS) {
        for (const target of targets) {
          const result = await run(target, endpoint, options.durationSeconds);
          const key = `${target.name}|${endpoint}`;
          const s = samples.get(key) ?? { rps: [], p99: [] };
          s.rps.push(result.requests.average);
          s.p99.push(result.latency.p99);
          samples.set(key, s);
        }
      }
    }
    return COMPARED_ENDPOINTS.map((endpoint) => {
      const of = (name: Target['name']) => samples.get(`${name}|${endpoint}`)!;
      const [f, p, m] = [of('Firemark'), of('Express peer'), of('from memory')];
      return {
        endpoint,
        'Firemark req/s': Math.round(median(f.rps)),
        'Firemark p99 ms': median(f.p99),
        'peer req/s': Math.round(median(p.rps)),
        'peer p99 ms': median(p.p99),
        'from memory req/s': Math.round(median(m.rps)),
        'from memory p99 ms': median(m.p99),
        'x peer': Number((median(f.rps) / median(p.rps)).toFixed(2)),
        '% of from memory': Math.round((100 * median(f.rps)) / median(m.rps)),
      };
    });
  } finally {
    for (const child of children) await stopProcess(child);
    // Firemark, its PostgreSQL and the load generator may use every CPU again for what follows.
    const all = `0-${os.cpus().length - 1}`;
    pin(options.firemarkPid, all);
    pin(process.pid, all);
    rmSync(workDir, { recursive: true, force: true });
  }
}
