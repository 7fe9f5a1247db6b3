import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './db/seed/users';
import { migrationsDir } from './paths';
import { QUEUES } from './queues';
import { buildServer, startAppProcess, type AppProcess } from './testing/app-process';
import { databaseUrl } from './testing/database-url';
import { createTestContext, type TestContext } from './testing/test-app';
import { runToEnd as runBuiltToEnd } from './testing/built-server';
import { startS3Server, type TestS3Server } from './testing/s3-server';

/**
 * The one build run as its separate roles, each in a process of its own as a service manager
 * runs it (docs/deploy.md, "Process roles"): migrate applies the migrations and exits, web
 * answers HTTP and stops gracefully, worker runs the jobs behind a health listener only.
 */
let server: Awaited<ReturnType<typeof buildServer>>;
let ctx: TestContext;
let dataDir: string;
/** The object store web and worker processes share (they refuse files on their own disk). */
let s3: TestS3Server;
const { adminUrl } = inject('testDb');
const SESSION_SECRET = 'process-roles-secret-process-roles-secret';
const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

beforeAll(async () => {
  [server, ctx, s3] = await Promise.all([buildServer(), createTestContext(), startS3Server()]);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-roles-'));
});
afterAll(async () => {
  server?.remove();
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
  await s3?.close();
});

/** Runs the build to its end (`node <entry> <args>`); resolves with its exit code and output. */
const runToEnd = (args: string[], env: Record<string, string>) => runBuiltToEnd(server.entry, args, { DATA_DIR: dataDir, ...env });

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `firemark_roles_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migrate', () => {
  it('applies the migrations and exits 0; three started at once against a new database all succeed, each migration recorded once', async () => {
    const database = await freshDatabase();
    try {
      const runs = await Promise.all([
        runToEnd(['migrate'], { DATABASE_URL: database.url }),
        runToEnd(['migrate'], { DATABASE_URL: database.url }),
        runToEnd([], { DATABASE_URL: database.url, PROCESS_ROLE: 'migrate' }),
      ]);
      for (const run of runs) {
        expect(run.code, run.output).toBe(0);
        expect(run.output).toMatch(/Migrations applied \(the database is up to date\)/);
        expect(run.output).not.toMatch(/listening/i);
      }
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const { rows } = await check.query<{ hash: string; times: number }>('select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash');
      // The job queue's tables and queues are made too, so that instances started next find them.
      const queues = await check.query<{ name: string }>('select name from pgboss.queue');
      await check.end();
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((r) => r.times === 1)).toBe(true);
      expect(queues.rows.map((r) => r.name)).toContain(QUEUES.emailPriority);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('exits 1 with a clear message when the database cannot be reached', async () => {
    const run = await runToEnd(['migrate'], { DATABASE_URL: databaseUrl(adminUrl, 'firemark_no_such_database') });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/Migrations failed, nothing more was applied: Cannot connect to PostgreSQL at DATABASE_URL: database "firemark_no_such_database" does not exist/);
  });

  it('blames a metrics port in use on METRICS_PORT, not PORT', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      const run = await runToEnd([], { DATABASE_URL: ctx.config.databaseUrl!, SESSION_SECRET, HOST: '127.0.0.1', PORT: '0', RUN_WORKERS: 'false', METRICS_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.output).toContain(`METRICS_PORT ${port} is already in use`);
      expect(run.output).not.toContain('Stop the other program or set PORT.');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses a role it does not know, naming the ones it does', async () => {
    const run = await runToEnd(['wroker'], { DATABASE_URL: ctx.config.databaseUrl! });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Unknown process role "wroker": the argument must be all, web, worker or migrate');
  });
});

describe('web', () => {
  let web: AppProcess | undefined;
  afterAll(() => web?.crash());

  it('on SIGTERM answers /readyz 503, finishes the request in flight with 200, then exits 0', async () => {
    const { user, password } = await createUser(ctx.runtime.db);
    web = await startAppProcess(server.entry, {
      DATABASE_URL: ctx.config.databaseUrl!,
      SESSION_SECRET,
      DATA_DIR: dataDir,
      ...s3.env,
      PROCESS_ROLE: 'web',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    const exited = new Promise<number | null>((resolve) => web!.child.once('exit', (code) => resolve(code)));
    await expect.poll(() => web!.output(), { timeout: 20_000 }).toContain('(web: HTTP only, no jobs)');
    expect((await fetch(`${web.url}/readyz`)).status).toBe(200);
    const login = await fetch(`${web.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ username: user.username, password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('firemark_session='))!.split(';')[0]!;

    // A slow request: another session holds the properties table, so the list waits on it.
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table properties in access exclusive mode');
      const slow = fetch(`${web.url}/api/properties`, { headers: { cookie } });
      await expect
        .poll(async () => (await ctx.runtime.pool.query("select count(*)::int as n from pg_locks where not granted and relation = 'properties'::regclass")).rows[0].n, { timeout: 20_000 })
        .toBeGreaterThan(0);

      web.child.kill('SIGTERM');
      // The balancer's health check sees it going, while the request is still being answered.
      await expect.poll(async () => (await fetch(`${web!.url}/readyz`)).status, { timeout: 20_000 }).toBe(503);
      const readyz = await fetch(`${web.url}/readyz`);
      expect(await readyz.json()).toMatchObject({ status: 'stopping' });
      expect(readyz.headers.get('connection')).toBe('close');
      expect((await fetch(`${web.url}/healthz`)).status).toBe(200);

      await holder.query('rollback');
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([]);
    } finally {
      await holder.end();
    }
    expect(await exited).toBe(0);
    expect(web.output()).toContain('SIGTERM received: finishing requests, then stopping');
    await expect(fetch(`${web.url}/healthz`)).rejects.toThrow();
  }, 60_000);
});

describe('worker', () => {
  let worker: AppProcess | undefined;
  afterAll(() => worker?.crash());

  it('runs the jobs (a queued e-mail is delivered), answers only health and metrics checks, and on SIGTERM finishes the job in flight, then exits 0', async () => {
    const { rows } = await ctx.runtime.pool.query<{ id: number }>(
      "insert into email_outbox (kind, to_address, subject, text_body) values ('support_confirmation', 'ops@example.com', 'Queued', 'Delivered by the worker.') returning id",
    );
    const outboxId = rows[0]!.id;
    await ctx.runtime.boss.send(QUEUES.emailPriority, { outboxId });

    worker = await startAppProcess(server.entry, {
      DATABASE_URL: ctx.config.databaseUrl!,
      SESSION_SECRET,
      DATA_DIR: dataDir,
      ...s3.env,
      PROCESS_ROLE: 'worker',
      METRICS_TOKEN: 'worker-metrics-token-0123456789',
    });
    const exited = new Promise<number | null>((resolve) => worker!.child.once('exit', (code) => resolve(code)));
    // With SMTP_URL unset, delivery ends in the outbox and the log.
    await expect
      .poll(async () => (await ctx.runtime.pool.query('select status from email_outbox where id = $1', [outboxId])).rows[0].status, { timeout: 20_000 })
      .toBe('logged');
    await expect.poll(() => worker!.output(), { timeout: 20_000 }).toContain('Firemark worker is running jobs');

    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/auth/me`)).status).toBe(404);
    expect((await fetch(`${worker.url}/`)).status).toBe(404);
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${worker.url}/metrics`, { headers: { authorization: 'Bearer worker-metrics-token-0123456789' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('firemark_job_queue_depth{queue="email-priority",state="waiting"}');

    // A delivery in flight when the worker is told to stop: another session holds the mail's
    // row, so the job waits on it. The worker stops taking jobs, reports not ready, and lets it finish.
    const second = await ctx.runtime.pool.query<{ id: number }>(
      "insert into email_outbox (kind, to_address, subject, text_body) values ('support_confirmation', 'ops@example.com', 'In flight', 'Finished before the worker stops.') returning id",
    );
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from email_outbox where id = $1 for update', [second.rows[0]!.id]);
      const jobId = await ctx.runtime.boss.send(QUEUES.emailPriority, { outboxId: second.rows[0]!.id });
      // Watched from another connection: inside a transaction, pg_stat_activity is read once and kept.
      await expect
        .poll(async () => (await ctx.runtime.pool.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query ilike '%email_outbox%'")).rows[0].n, { timeout: 20_000 })
        .toBeGreaterThan(0);

      worker.child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${worker!.url}/readyz`)).status, { timeout: 20_000 }).toBe(503);
      await holder.query('rollback');
      expect(await exited).toBe(0);
      const after = await ctx.runtime.pool.query('select status from email_outbox where id = $1', [second.rows[0]!.id]);
      expect(after.rows[0].status).toBe('logged');
      const job = await ctx.runtime.pool.query('select state from pgboss.job where id = $1', [jobId]);
      expect(job.rows[0].state).toBe('completed');
    } finally {
      await holder.end();
    }
  }, 60_000);
});
