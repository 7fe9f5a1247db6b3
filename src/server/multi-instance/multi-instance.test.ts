import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createDb, createPool, type Db } from '../db/client';
import { createInspectionRow, createProperty, propertyValues } from '../db/seed/properties';
import { createUser } from '../db/seed/users';
import { startBoss } from '../jobs/boss';
import { REMINDER_SWEEP_QUEUE } from '../jobs/reminder-sweep';
import { grantPro } from '../modules/subscription/subscription.service';
import type { AppProcess } from '../testing/app-process';
import { call, runBuiltToEnd, signIn, startBuilt } from '../testing/built-server';
import { databaseUrl } from '../testing/database-url';
import { noiseJpeg } from '../testing/photos';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { startMailbox, toAddress, type TestMailbox } from '../testing/smtp';

/**
 * The several-machine shape of docs/deploy.md ("Several machines", "Tested set-up"), run for
 * real on one machine: one PostgreSQL (TEST_DATABASE_URL, in CI Debian's PostgreSQL 15), one
 * S3-compatible store (s3rver), `migrate` once, then two `web` processes and one `worker` of
 * the built server, each with a data folder of its own as separate machines have, and an SMTP
 * server catching the mail. What one instance does, the others see.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'The several-machine test needs TEST_DATABASE_URL: a PostgreSQL 15+ server whose version the pg_dump and pg_restore on PATH can dump (e.g. Debian\'s postgresql package). See docs/deploy.md, "Tested set-up".',
  );
}

const run = promisify(execFile);
const SESSION_SECRET = `multi-instance-${randomBytes(16).toString('hex')}`;
const METRICS_TOKEN = `metrics-${randomBytes(16).toString('hex')}`;

let databaseName: string;
let url: string;
let admin: pg.Client;
let pool: pg.Pool;
let db: Db;
let s3: TestS3Server;
let mailbox: TestMailbox;
const dataDirs: string[] = [];
const processes: AppProcess[] = [];
let webA: AppProcess;
let webB: AppProcess;

/** The environment every machine shares: one database, one bucket, one secret, one mail server. */
const shared = () => ({
  DATABASE_URL: url,
  SESSION_SECRET,
  METRICS_TOKEN,
  SMTP_URL: mailbox.url,
  ...s3.env,
});

/** A process on a "machine" of its own: its own data folder, which nothing may depend on. */
async function start(role: 'web' | 'worker', env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `firemark-${role}-`));
  dataDirs.push(dataDir);
  const instance = await startBuilt({ ...shared(), PROCESS_ROLE: role, DATA_DIR: dataDir, ...(role === 'web' ? { SHUTDOWN_DRAIN_SECONDS: '0' } : {}), ...env });
  processes.push(instance);
  return instance;
}

async function createDatabase(name: string): Promise<string> {
  await admin.query(`create database ${name}`);
  return databaseUrl(adminUrl!, name);
}

/** A signed-in owner on the Pro plan (photos and unlimited properties), with a session made on `instance`. */
async function proOwner(instance: AppProcess, timeZone = 'UTC') {
  const { user, password } = await createUser(db, { timeZone });
  await grantPro(db, user.username);
  return { user, password, cookie: await signIn(instance, user.username, password) };
}

/**
 * A property (made through A), an inspection (scheduled through B) completed with a finding
 * (through A), and a photo of the finding uploaded through A.
 */
async function deficiencyWithPhoto(cookie: string): Promise<{ deficiencyId: number; photoId: number }> {
  const property = await (await call(webA, '/api/properties', { cookie, json: propertyValues({ name: 'Harbor View' }) })).json();
  const inspection = await (
    await call(webB, '/api/inspections', { cookie, json: { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: todayInTimeZone('UTC'), assignedTo: 'Kim Lee' } })
  ).json();
  const completed = await call(webA, `/api/inspections/${inspection.id}`, {
    method: 'PUT',
    cookie,
    json: { status: 'completed', complianceStatus: 'non_compliant', notes: 'One finding', deficiencies: [{ description: 'Pull station cover missing', severity: 'non_critical', location: 'Lobby' }] },
  });
  expect(completed.status).toBe(200);
  const [deficiency] = (await (await call(webB, `/api/properties/${property.id}/deficiencies`, { cookie })).json()) as { id: number }[];
  const upload = await call(webA, `/api/deficiencies/${deficiency!.id}/photos`, { cookie, body: await noiseJpeg(), contentType: 'image/jpeg' });
  expect(upload.status).toBe(201);
  return { deficiencyId: deficiency!.id, photoId: (await upload.json()).id };
}

const cacheHits = async (instance: AppProcess) => {
  const text = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^firemark_answer_cache_lookups_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
};

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  databaseName = `firemark_multi_${randomBytes(6).toString('hex')}`;
  url = await createDatabase(databaseName);
  [s3, mailbox] = await Promise.all([startS3Server(), startMailbox()]);

  // An upgrade's first step, once, before any instance starts.
  const migrate = await runBuiltToEnd(['migrate'], { ...shared(), DATA_DIR: os.tmpdir() });
  expect(migrate.code, migrate.output).toBe(0);
  expect(migrate.output).toContain('Migrations applied (the database is up to date)');

  [webA, webB] = await Promise.all([start('web'), start('web'), start('worker')]);
  pool = createPool(url, 4);
  db = createDb(pool);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => (p.child.exitCode === null && p.child.signalCode === null ? p.crash() : undefined)));
  await pool?.end();
  await s3?.close();
  await mailbox?.close();
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`drop database if exists ${databaseName}_restored with (force)`);
    await admin.end();
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('two web instances, one worker, one database and one bucket', () => {
  it('a session made on one web instance works on the other, and signing out on the other ends it on both', async () => {
    const { user, cookie } = await proOwner(webA);
    const onB = await call(webB, '/api/auth/me', { cookie });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ username: user.username });

    expect((await call(webB, '/api/auth/logout', { method: 'POST', cookie, json: {} })).status).toBe(200);
    expect((await call(webA, '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('a photo uploaded through one instance is served by the other, from the bucket (no instance keeps it on its disk)', async () => {
    const { cookie } = await proOwner(webA);
    const { deficiencyId, photoId } = await deficiencyWithPhoto(cookie);

    const fromA = await call(webA, `/api/deficiencies/${deficiencyId}/photos/${photoId}`, { cookie });
    const fromB = await call(webB, `/api/deficiencies/${deficiencyId}/photos/${photoId}`, { cookie });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    // Each machine's data folder holds no photo: the bytes live in the bucket only.
    expect(readdirSync(s3.directory, { recursive: true }).some((f) => String(f).includes('photo'))).toBe(true);
    for (const dir of dataDirs) expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('photo'))).toEqual([]);
  });

  it("a change through one instance is in the other's next answer, even where it had the answer cached", async () => {
    const { user, cookie } = await proOwner(webA);
    await createProperty(db, user.id, { name: 'First building' });
    const stats = async () => (await (await call(webB, '/api/dashboard/stats', { cookie })).json()).propertyCount;

    expect(await stats()).toBe(1);
    const hitsBefore = await cacheHits(webB);
    expect(await stats()).toBe(1);
    // B answered that from its own cache: it would be stale now if A's write did not reach it.
    expect(await cacheHits(webB)).toBeGreaterThan(hitsBefore);

    expect((await call(webA, '/api/properties', { cookie, json: propertyValues({ name: 'Second building' }) })).status).toBe(201);
    expect(await stats()).toBe(2);
    const list = (await (await call(webB, '/api/properties', { cookie })).json()) as { name: string }[];
    expect(list.map((p) => p.name).sort()).toEqual(['First building', 'Second building']);
  });

  it('the sign-in limits are shared: failed attempts spread over both instances count together', async () => {
    const { user } = await createUser(db);
    const attempt = (instance: AppProcess) => call(instance, '/api/auth/login', { json: { username: user.username, password: 'not-the-password' } });
    // AUTH_RATE_LIMIT's default: 10 a minute per client and account.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 === 0 ? webA : webB)).status).toBe(401);
    const onA = await attempt(webA);
    const onB = await attempt(webB);
    expect(onA.status).toBe(429);
    expect(onB.status).toBe(429);
    expect((await onB.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
  });

  it('a reminder that is due is mailed exactly once, with two workers and two sweeps', async () => {
    // The account's clock at noon, so that the sweep (from 7 in the morning, local time) sends now.
    const offset = 12 - new Date().getUTCHours();
    const timeZone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const { user } = await createUser(db, { timeZone, fullName: 'Jordan Lee' });
    await grantPro(db, user.username);
    const property = await createProperty(db, user.id, { name: 'Quay Street', managerEmail: user.email });
    const due = new Date(`${todayInTimeZone(timeZone)}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() - 10);
    await createInspectionRow(db, { organizationId: user.id, propertyId: property.id, dueDate: due.toISOString().slice(0, 10) });

    const secondWorker = await start('worker');
    const boss: PgBoss = await startBoss(pool, { background: false });
    try {
      // The schedule sends one every 15 minutes; two at once stand for two overlapping sweeps.
      const jobs = await Promise.all([boss.send(REMINDER_SWEEP_QUEUE, {}), boss.send(REMINDER_SWEEP_QUEUE, {})]);
      await expect
        .poll(async () => (await pool.query<{ state: string }>('select state from pgboss.job where id = any($1::uuid[])', [jobs])).rows.map((r) => r.state), { timeout: 60_000 })
        .toEqual(['completed', 'completed']);
      const outbox = async () => (await pool.query<{ status: string }>("select status from email_outbox where user_id = $1 and kind like 'reminder\\_%'", [user.id])).rows;
      await expect.poll(async () => (await outbox()).map((r) => r.status), { timeout: 60_000 }).toEqual(['sent']);
      const mail = await mailbox.waitFor((m) => toAddress(m) === user.email);
      expect(mail.subject).toBe('Overdue inspection: Fire Extinguishers at Quay Street');
      expect(mailbox.messages.filter((m) => toAddress(m) === user.email)).toHaveLength(1);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    expect(await secondWorker.stop()).toBe(0);
  });

  it('killing one web instance mid-load loses no acknowledged write', async () => {
    const { user, cookie } = await proOwner(webA);
    const acknowledged: string[] = [];
    const serverErrors: number[] = [];
    let killed = false;
    let stop = false;
    let cutOff = 0;
    // Four clients on each instance, each creating properties one after another.
    const client = async (instance: AppProcess, n: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Load ${instance === webA ? 'A' : 'B'}${n}-${i}`;
        let res: Response;
        try {
          res = await call(instance, '/api/properties', { cookie, json: propertyValues({ name }) });
        } catch {
          // The connection died with the instance: not acknowledged; a client would retry elsewhere.
          cutOff++;
          return;
        }
        if (res.status === 201) acknowledged.push(name);
        else serverErrors.push(res.status);
        if (!killed && acknowledged.length >= 30) {
          killed = true;
          await webA.crash();
        }
        if (acknowledged.length >= 80) stop = true;
      }
    };
    await Promise.all([0, 1, 2, 3].flatMap((n) => [client(webA, n), client(webB, n)]));

    expect(killed).toBe(true);
    // Every client of A was cut off: its request in flight, or the next one, found A gone.
    expect(cutOff).toBe(4);
    expect(serverErrors).toEqual([]);
    expect(acknowledged.filter((name) => name.startsWith('Load B')).length).toBeGreaterThan(0);
    const { rows } = await pool.query<{ name: string }>('select name from properties where organization_id = $1', [user.id]);
    const stored = new Set(rows.map((r) => r.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // The survivor still answers for everything, including what A acknowledged before it died.
    const total = await call(webB, '/api/dashboard/stats', { cookie });
    expect((await total.json()).propertyCount).toBe(rows.length);
  });

  it('a restore of a dump into an empty database serves the same data, with the same bucket', async () => {
    webA = await start('web');
    const { user, cookie } = await proOwner(webB);
    const { deficiencyId, photoId } = await deficiencyWithPhoto(cookie);
    const photo = Buffer.from(await (await call(webB, `/api/deficiencies/${deficiencyId}/photos/${photoId}`, { cookie })).arrayBuffer());
    for (const name of ['North Wing', 'South Wing', 'Annex']) {
      expect((await call(webB, '/api/properties', { cookie, json: propertyValues({ name }) })).status).toBe(201);
    }
    const before = await (await call(webB, '/api/properties?sort=name_asc', { cookie })).json();
    expect(before).toHaveLength(4);

    const dumpDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-dump-'));
    dataDirs.push(dumpDir);
    const dump = path.join(dumpDir, 'firemark.dump');
    // As docs/deploy.md runs them ("Backups and restore").
    await run('pg_dump', ['--format=custom', `--file=${dump}`, url]);
    const restoredUrl = await createDatabase(`${databaseName}_restored`);
    await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

    const restored = await start('web', { DATABASE_URL: restoredUrl });
    // The session is in the dump too: the same cookie signs the same person in.
    const after = await (await call(restored, '/api/properties?sort=name_asc', { cookie })).json();
    expect(after).toEqual(before);
    expect((await (await call(restored, '/api/auth/me', { cookie })).json()).username).toBe(user.username);
    const restoredPhoto = await call(restored, `/api/deficiencies/${deficiencyId}/photos/${photoId}`, { cookie });
    expect(Buffer.from(await restoredPhoto.arrayBuffer()).equals(photo)).toBe(true);
    expect(await restored.stop()).toBe(0);
  });
});
