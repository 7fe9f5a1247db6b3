/**
 * What one write costs PostgreSQL, statement by statement: the mixed load's three writes
 * (complete, reschedule, complete with a deficiency) sent one after another to a database
 * already seeded (bench/README.md, "Scale"), then pg_stat_statements' planning and execution
 * time of every statement they ran, its triggers' included, per write.
 *
 *   BENCH_DATABASE_URL=postgres://… [BENCH_USERNAME=scale-large-1] [BENCH_WRITES=150]
 *   node --import tsx bench/scale/write-statements.ts
 *
 * The database must load the extension at start: for the embedded one,
 * `pg_ctl -D <data> -o "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all
 * -c pg_stat_statements.track_planning=on" restart`. It needs the build as it is (dist/).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { todayInTimeZone } from '../../src/shared/dates';
import { startServer } from '../server-process';
import { signIn } from './seed';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to the seeded database');
const username = process.env.BENCH_USERNAME ?? 'scale-large-1';
const writes = Number(process.env.BENCH_WRITES ?? 150);
const WARM_UP = 9;
const APP_URL = 'http://firemark.bench.localhost';
const BODIES = [
  { status: 'completed', complianceStatus: 'compliant' },
  { dueDate: todayInTimeZone('UTC', new Date(Date.now() + 30 * 86_400_000)), rescheduleReason: 'Tenant asked for a later visit' },
  {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: 'One finding',
    deficiencies: [{ description: 'Extinguisher pressure gauge in the red', severity: 'non_critical', location: 'Stair B, level 2' }],
  },
];

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
await db.query('create extension if not exists pg_stat_statements');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-write-statements-'));
const server = await startServer({ DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString('hex'), APP_URL, DATA_DIR: dataDir }, process.cwd());
try {
  const cookie = await signIn(server.url, username, APP_URL);
  const { rows: open } = await db.query<{ id: number }>(
    `select i.id from inspections i join memberships m on m.organization_id = i.organization_id join users u on u.id = m.user_id
     where u.username = $1 and i.status = 'scheduled' order by i.due_date desc, i.id limit $2`,
    [username, WARM_UP + writes],
  );
  if (open.length < WARM_UP + writes) throw new Error(`${username} has ${open.length} open inspections; ${WARM_UP + writes} are needed`);
  const headers = { cookie, 'content-type': 'application/json', origin: APP_URL };
  const write = async (i: number) => {
    const response = await fetch(`${server.url}/api/inspections/${open[i]!.id}`, { method: 'PUT', headers, body: JSON.stringify(BODIES[i % BODIES.length]) });
    if (!response.ok) throw new Error(`Write ${i} answered ${response.status}: ${await response.text()}`);
  };
  // Each of the pool's connections plans its statements once first, as a server that has run a while.
  for (let i = 0; i < WARM_UP; i++) await write(i);
  await db.query('select pg_stat_statements_reset()');
  const started = performance.now();
  for (let i = WARM_UP; i < WARM_UP + writes; i++) await write(i);
  const perWrite = (performance.now() - started) / writes;
  const here = `dbid = (select oid from pg_database where datname = current_database())`;
  const { rows: [total] } = await db.query(
    `select round(sum(calls) / $1::numeric, 1) as statements, round((sum(total_plan_time + total_exec_time) / $1)::numeric, 2) as ms from pg_stat_statements where ${here}`,
    [writes],
  );
  const { rows } = await db.query(
    `select calls, round((total_plan_time / $1)::numeric, 3) as "plan ms", round((total_exec_time / $1)::numeric, 3) as "run ms",
       left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as statement
     from pg_stat_statements where ${here} order by total_plan_time + total_exec_time desc limit 30`,
    [writes],
  );
  console.log(`${writes} writes one after another: ${perWrite.toFixed(1)} ms each; ${total.statements} statements and ${total.ms} ms of PostgreSQL (planning and running) a write`);
  console.table(rows);
} finally {
  await server.stop();
  await db.end();
  rmSync(dataDir, { recursive: true, force: true });
}
