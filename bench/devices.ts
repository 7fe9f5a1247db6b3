/**
 * Issue 32: a property with 2,000 fire extinguishers (two buildings, ten floors each), two years
 * of finished monthly walk-throughs behind them (48,000 results, a failure now and then with its
 * deficiency, corrected), and this month's walk open with half the building tapped. Measured:
 * the CSV import of the 2,000, a tap, the walk-through list a phone draws
 * (GET /api/walkthroughs/{id}), a device's page (GET /api/devices/{id}, its requirements and
 * its history), and the compliance report with its inventory of the 2,000. Part of `npm run bench`; alone, `node --import tsx bench/devices.ts [checkout]`
 * measures the build of another checkout (a worktree of an older commit, for before and after).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { extinguisherRows, json, monthlyRequirement } from './device-rows';
import { makePro } from './portfolio';
import { startServer } from './server-process';

const DEVICES = 2000;
const MONTHS_OF_HISTORY = 24;
const TAPPED = DEVICES / 2;
const TAPS_AT_ONCE = 10;
/** Passes changed to Fails one after the other: each opens a deficiency and rolls the item up. */
const FAILS = 20;

/**
 * Two years of finished monthly walks, written behind the app's back in a few set-based
 * statements as the portfolio seed does: each walk's completed inspection, every device's result
 * (one in fifty a Fail, with its deficiency corrected three days later), and the devices' monthly
 * clocks moved to the last walk.
 */
async function seedHistory(dbUrl: string, organizationId: number, propertyId: number, requirementId: number) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `with months as (select m, (current_date - m * 30) as day from generate_series(1, ${MONTHS_OF_HISTORY}) m),
       done as (
         insert into inspections (organization_id, property_id, requirement_id, inspection_type, due_date, status, compliance_result, completed_date, assigned_to, notes)
         select $1, $2, $3, 'fire_extinguisher', day, 'completed', 'compliant', day + interval '15 hours', 'Bench Walker', 'Monthly walk-through'
         from months returning id, due_date)
       insert into walkthroughs (organization_id, property_id, requirement_id, inspection_id, status, started_at, finished_at, updated_at)
       select $1, $2, $3, id, 'finished', due_date + interval '9 hours', due_date + interval '15 hours', due_date + interval '15 hours' from done`,
      [organizationId, propertyId, requirementId],
    );
    await client.query(
      `insert into walkthrough_results (organization_id, walkthrough_id, device_id, result, failed_checks, client_id, recorded_at)
       select $1, w.id, d.id, case when (d.id + w.id) % 50 = 0 then 'fail' else 'pass' end,
         case when (d.id + w.id) % 50 = 0 then array['gauge'] end, gen_random_uuid(), w.started_at + d.walk_order * interval '10 seconds'
       from walkthroughs w join devices d on d.property_id = w.property_id
       where w.property_id = $2 and w.status = 'finished'`,
      [organizationId, propertyId],
    );
    await client.query(
      `with failed as (
         select wr.id as result_id, w.inspection_id, wr.device_id, w.finished_at
         from walkthrough_results wr join walkthroughs w on w.id = wr.walkthrough_id
         where w.property_id = $2 and wr.result = 'fail'),
       opened as (
         insert into deficiencies (organization_id, property_id, inspection_id, item_type, device_id, description, severity, corrective_action, corrected_on, corrected_by)
         select $1, $2, inspection_id, 'fire_extinguisher', device_id, 'Gauge not in the operable range', 'non_critical', 'Recharge the unit',
           (finished_at + interval '3 days')::date, 'Bench Walker'
         from failed returning id, inspection_id, device_id)
       update walkthrough_results wr set deficiency_id = o.id
       from opened o join walkthroughs w on w.inspection_id = o.inspection_id
       where wr.walkthrough_id = w.id and wr.device_id = o.device_id`,
      [organizationId, propertyId],
    );
    await client.query(
      `update device_requirements dr set last_done_on = current_date - 30, last_result = 'compliant', next_due_date = current_date - 30 + interval '1 month'
       where dr.property_id = $1 and dr.requirement_id = $2`,
      [propertyId, requirementId],
    );
    // Written behind the app's back: answers it remembers for the organisation must be recomputed.
    await client.query(`update organizations set data_version = data_version + 1 where id = $1`, [organizationId]);
    await client.query('commit');
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

export async function measureDevices(baseUrl: string, dbUrl: string, durationSeconds: number): Promise<Record<string, number>> {
  const origin = new URL(baseUrl).origin;
  const { cookie, id: organizationId } = await signUp(baseUrl, { fullName: 'Device Walker', username: `devices${Date.now()}` });
  await makePro(dbUrl, organizationId);
  const headers = { 'content-type': 'application/json', origin, cookie };
  const send = (method: string, url: string, body?: unknown) => fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  const property = await json<{ id: number }>(
    await send('POST', '/api/properties', {
      name: 'Device Tower', propertyType: 'commercial', addressLine1: '1 Tag Street', city: 'Reno', state: 'NV', zip: '89501', country: 'us', managerEmail: 'devices@example.com',
    }),
    201,
    'Creating the property',
  );
  const importStarted = performance.now();
  const imported = await json<{ imported: number }>(await send('POST', `/api/properties/${property.id}/devices/import`, { rows: extinguisherRows({ count: DEVICES, floors: 10, perFloor: 100, firstYear: 2012, years: 12 }) }), 201, 'The device import');
  const importMs = performance.now() - importStarted;
  if (imported.imported !== DEVICES) throw new Error(`The import added ${imported.imported} devices, not ${DEVICES}`);

  const requirementId = await monthlyRequirement(dbUrl, property.id);
  const seedStarted = performance.now();
  await seedHistory(dbUrl, organizationId, property.id, requirementId);
  const seedMs = performance.now() - seedStarted;

  // This month's walk, half the building tapped through the calls the phone makes.
  const walk = await json<{ id: number; devices: { deviceId: number }[] }>(
    await send('POST', `/api/properties/${property.id}/walkthroughs`, { requirementId }),
    201,
    'Starting the walk-through',
  );
  if (walk.devices.length !== DEVICES) throw new Error(`The walk lists ${walk.devices.length} devices, not ${DEVICES}`);
  const tapTimes: number[] = [];
  const toTap = walk.devices.slice(0, TAPPED).map((d) => d.deviceId);
  for (let i = 0; i < toTap.length; i += TAPS_AT_ONCE) {
    await Promise.all(
      toTap.slice(i, i + TAPS_AT_ONCE).map(async (deviceId) => {
        const started = performance.now();
        await json(await send('PUT', `/api/walkthroughs/${walk.id}/results/${deviceId}`, { clientId: randomUUID(), result: 'pass' }), 200, 'A tap');
        tapTimes.push(performance.now() - started);
      }),
    );
  }
  tapTimes.sort((a, b) => a - b);
  const failTimes: number[] = [];
  for (const deviceId of toTap.slice(0, FAILS)) {
    const started = performance.now();
    const body = { clientId: randomUUID(), result: 'fail', failedChecks: ['pressure'], severity: 'non_critical' };
    await json(await send('PUT', `/api/walkthroughs/${walk.id}/results/${deviceId}`, body), 200, 'A Fail');
    failTimes.push(performance.now() - started);
  }
  failTimes.sort((a, b) => a - b);

  // A device in the middle of the walk, with two years of results behind it.
  const deviceId = walk.devices[Math.floor(DEVICES / 2) + 7]!.deviceId;
  const results: Record<string, number> = {
    [`devices: import ${DEVICES.toLocaleString('en-US')} devices by CSV (ms)`]: Math.round(importMs),
    [`devices: seed ${MONTHS_OF_HISTORY} finished monthly walks of ${DEVICES.toLocaleString('en-US')} devices (ms)`]: Math.round(seedMs),
    [`devices: one tap, ${TAPS_AT_ONCE} at once (median ms of ${TAPPED.toLocaleString('en-US')})`]: Math.round(tapTimes[Math.floor(tapTimes.length / 2)]!),
    [`devices: a Pass changed to a Fail, one at a time (median ms of ${FAILS})`]: Math.round(failTimes[Math.floor(failTimes.length / 2)]!),
  };
  for (const [label, url] of [
    [`GET /api/walkthroughs/{id}, ${DEVICES.toLocaleString('en-US')} devices, half tapped`, `/api/walkthroughs/${walk.id}`],
    ['GET /api/devices/{id}', `/api/devices/${deviceId}`],
    ['GET /api/devices/{id}/requirements', `/api/devices/${deviceId}/requirements`],
    [`GET /api/devices/{id}/history, ${MONTHS_OF_HISTORY} months of walks`, `/api/devices/${deviceId}/history`],
  ] as const) {
    const run = await autocannon({ url: `${baseUrl}${url}`, headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' }, connections: 10, duration: durationSeconds });
    if (run.non2xx > 0) throw new Error(`${run.non2xx} answers of ${url} were not 2xx`);
    results[`${label} (req/s)`] = Math.round(run.requests.average);
    results[`${label} p99 (ms)`] = run.latency.p99;
    results[`${label} (bytes per answer as a browser asks, headers included)`] = Math.round(run.throughput.average / run.requests.average);
  }
  // The compliance report with its device inventory of 2,000 rows (some 140 pages).
  const reportTimes: number[] = [];
  let reportBytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const report = await json<{ downloadUrl: string }>(await send('POST', '/api/reports', { propertyId: property.id, reportType: 'fire_safety' }), 201, 'The report');
    reportTimes.push(performance.now() - started);
    reportBytes = (await (await fetch(`${baseUrl}${report.downloadUrl}`, { headers: { cookie } })).arrayBuffer()).byteLength;
  }
  reportTimes.sort((a, b) => a - b);
  results[`POST /api/reports, ${DEVICES.toLocaleString('en-US')} devices in the inventory (median ms of 3)`] = Math.round(reportTimes[1]!);
  results[`POST /api/reports, ${DEVICES.toLocaleString('en-US')} devices in the inventory (PDF bytes)`] = reportBytes;
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const checkout = path.resolve(process.argv[2] ?? '.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-devices-'));
  const server = await startServer({ DATA_DIR: dataDir }, checkout);
  try {
    console.table(await measureDevices(server.url, embeddedDatabaseUrl(dataDir), Number(process.env.BENCH_DURATION ?? 10)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
