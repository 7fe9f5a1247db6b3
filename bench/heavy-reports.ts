/**
 * Issue 29, item 3: five reports of a property with 500 long deficiencies drawn at once, again
 * and again, while /healthz is measured from 10 other connections. The figures: /healthz's p99
 * quiet and during the reports, how long a report took, and how many failed. Part of
 * `npm run bench`; alone, `node --import tsx bench/heavy-reports.ts [checkout]` measures the
 * build of another checkout (e.g. a worktree of an older commit) the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { makePro } from './portfolio';
import { peakRssMiB, startServer } from './server-process';

const DEFICIENCIES = 500;
const AT_ONCE = 5;

/** A property with DEFICIENCIES open deficiencies of about 600 characters each. */
async function seedHeavyProperty(dbUrl: string, userId: number): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const property = await client.query(
      `insert into properties (organization_id, name, address_line1, city, state, zip, property_type, manager_email)
       values ($1, 'Heavy Report Tower', '1 Long Street', 'Reno', 'NV', '89501', 'commercial', 'heavy@example.com') returning id`,
      [userId],
    );
    const propertyId = property.rows[0].id as number;
    const today = new Date().toISOString().slice(0, 10);
    const inspection = await client.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, compliance_result, completed_date, assigned_to, notes)
       values ($1, $2, 'fire_alarm', $3::date, 'completed', 'non_compliant', $3::date, 'Bench Inspector', 'Many findings') returning id`,
      [userId, propertyId, today],
    );
    const text = 'Horn strobe on the landing does not sound when the panel is tested; wiring at the junction box is corroded and the device is past its service life. '.repeat(4);
    await client.query(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, location, corrective_action)
       select $1, $2, $3, 'fire_alarm', $4::text || n, 'critical', 'Stair ' || n, 'Replace the device and retest the circuit'
       from generate_series(1, ${DEFICIENCIES}) n`,
      [userId, propertyId, inspection.rows[0].id, text],
    );
    return propertyId;
  } finally {
    await client.end();
  }
}

export async function measureHeavyReports(baseUrl: string, dbUrl: string, serverPid: number, durationSeconds: number): Promise<Record<string, number>> {
  const origin = new URL(baseUrl).origin;
  const { cookie, id } = await signUp(baseUrl, { fullName: 'Heavy Reports', username: `heavy${Date.now()}` });
  await makePro(dbUrl, id);
  const propertyId = await seedHeavyProperty(dbUrl, id);
  const report = async () => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ propertyId, reportType: 'fire_safety' }),
    });
    await res.arrayBuffer();
    return { ok: res.status === 201, ms: performance.now() - started };
  };

  const quiet = await autocannon({ url: `${baseUrl}/healthz`, connections: 10, duration: durationSeconds });
  const times: number[] = [];
  let failed = 0;
  let drawing = true;
  const batches = (async () => {
    while (drawing) {
      for (const r of await Promise.all(Array.from({ length: AT_ONCE }, report))) {
        if (r.ok) times.push(r.ms);
        else failed++;
      }
    }
  })();
  const loud = await autocannon({ url: `${baseUrl}/healthz`, connections: 10, duration: durationSeconds });
  drawing = false;
  await batches;
  times.sort((a, b) => a - b);
  return {
    [`${AT_ONCE} reports at once of ${DEFICIENCIES} long deficiencies: reports drawn`]: times.length,
    [`${AT_ONCE} reports at once of ${DEFICIENCIES} long deficiencies: reports failed`]: failed,
    [`${AT_ONCE} reports at once of ${DEFICIENCIES} long deficiencies: one report (median ms)`]: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    'GET /healthz p99, quiet, before the heavy reports (ms)': quiet.latency.p99,
    'GET /healthz p99, while heavy reports are drawn (ms)': loud.latency.p99,
    'GET /healthz max, while heavy reports are drawn (ms)': loud.latency.max,
    'GET /healthz errors and time-outs, while heavy reports are drawn': loud.errors + loud.timeouts + loud.non2xx,
    'server peak RSS after the heavy reports (MiB)': Math.round(peakRssMiB(serverPid)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const checkout = path.resolve(process.argv[2] ?? '.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-heavy-'));
  const server = await startServer({ DATA_DIR: dataDir }, checkout);
  try {
    console.table(await measureHeavyReports(server.url, embeddedDatabaseUrl(dataDir), server.process.pid!, Number(process.env.BENCH_DURATION ?? 10)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
