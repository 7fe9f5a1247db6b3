import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startAppProcess, type AppProcess } from '../testing/app-process';
import { isRunning } from './app-processes';
import { createDb } from './client';
import { createUser } from './seed/users';

/**
 * The embedded PostgreSQL under real app processes: killed while the app serves, left behind by
 * a crash, shared by two app processes. These need no TEST_DATABASE_URL and run either way.
 */
const APP_ORIGIN = 'http://localhost:3000'; // APP_URL's default
let server: Awaited<ReturnType<typeof buildServer>>;
let dataDir: string;
let apps: AppProcess[] = [];

beforeAll(async () => {
  server = await buildServer();
});
afterAll(() => server.remove());

async function startApp(): Promise<AppProcess> {
  const app = await startAppProcess(server.entry, { DATA_DIR: dataDir });
  apps.push(app);
  return app;
}

function newDataDir(): string {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-lifecycle-'));
  return dataDir;
}

afterEach(async () => {
  await Promise.all(apps.map((app) => app.crash()));
  apps = [];
  const pid = postmasterPid();
  if (pid) process.kill(pid, 'SIGQUIT');
  rmSync(dataDir, { recursive: true, force: true });
});

const pgData = () => path.join(dataDir, 'postgres');

/** The pid of the running embedded server, if one runs. */
function postmasterPid(): number | undefined {
  const file = path.join(pgData(), 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return isRunning(pid) ? pid : undefined;
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { port, password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as { port: number; password: string };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe().catch(() => undefined);
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(app: AppProcess): Promise<{ cookie: string; email: string }> {
  const { user, password } = await withDatabase((client) => createUser(createDb(client as unknown as pg.Pool)));
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password }),
  });
  expect(res.status).toBe(200);
  return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, email: user.email };
}

describe('the embedded PostgreSQL under a running app', () => {
  it('answers 503 while the server is dead and serves again by itself once it is restarted', { timeout: 180_000 }, async () => {
    newDataDir();
    const app = await startApp();
    const { cookie, email } = await signIn(app);
    const properties = () => fetch(`${app.url}/api/properties`, { headers: { cookie } });
    expect((await properties()).status).toBe(200);

    // Its configuration moved aside, the server cannot start again until it is put back: the
    // outage lasts as long as the test needs to look at it, whatever the machine's speed.
    const conf = path.join(pgData(), 'postgresql.conf');
    renameSync(conf, `${conf}.aside`);
    process.kill(postmasterPid()!, 'SIGKILL');

    const refused = await until('a 503', async () => {
      const res = await properties();
      return res.status === 503 ? res : undefined;
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      message: 'Firemark cannot reach its database right now. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
    await until('a failed restart', async () => (app.output().includes('did not start') ? true : undefined));

    renameSync(`${conf}.aside`, conf);
    await until('the app to serve again', async () => ((await properties()).status === 200 ? true : undefined));
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    // The server accepts connections a moment before pg_ctl returns and the supervisor says so.
    await until('the supervisor to log the restart', async () => (app.output().includes('The embedded PostgreSQL is running again') ? true : undefined));

    // The job queue's workers carry on: a reset mail asked for now is delivered (logged, no SMTP_URL).
    const forgot = await fetch(`${app.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(forgot.status).toBe(200);
    await until('the reset mail to be delivered', () =>
      withDatabase(async (client) => {
        const { rows } = await client.query<{ status: string }>('select status from email_outbox where to_address = $1', [email]);
        return rows[0]?.status === 'logged' ? true : undefined;
      }),
    );

    expect(await app.stop()).toBe(0);
    expect(postmasterPid()).toBeUndefined();
  });

  it('adopts a server left by a crashed app, keeps it while another app uses it and stops it with the last', { timeout: 180_000 }, async () => {
    newDataDir();
    const crashed = await startApp();
    await crashed.crash();
    const leftBehind = postmasterPid();
    expect(leftBehind).toBeDefined();

    const [first, second] = await Promise.all([startApp(), startApp()]);
    for (const app of [first, second]) expect(app.output()).toContain('Using the embedded PostgreSQL already running');
    expect(postmasterPid()).toBe(leftBehind);

    expect(await first.stop()).toBe(0);
    expect(postmasterPid()).toBe(leftBehind);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);

    expect(await second.stop()).toBe(0);
    expect(postmasterPid()).toBeUndefined();
  });
});
