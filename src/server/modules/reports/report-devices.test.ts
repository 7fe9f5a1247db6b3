import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A Pro account's property with fire extinguishers (the library's requirements, scheduled once). */
async function propertyWithExtinguishers(name: string) {
  const signedIn = await ctx.signedIn({ timeZone: 'America/Chicago' });
  await grantPro(ctx.runtime.db, signedIn.user.username);
  const property = await createProperty(ctx.runtime.db, signedIn.user.id, { name });
  const scheduled = await signedIn.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_extinguisher', dueDate: '2026-06-10', assignedTo: 'Sam Ortiz' });
  expect(scheduled.statusCode).toBe(201);
  const { rows } = await ctx.runtime.pool.query<{ id: number; activity: string }>(
    `select id, activity from requirements where property_id = $1 and item_type = 'fire_extinguisher'`,
    [property.id],
  );
  const requirement = (activity: string) => rows.find((r) => r.activity === activity)!.id;
  return { ...signedIn, property, requirement };
}

type Owner = Awaited<ReturnType<typeof propertyWithExtinguishers>>;

/** Devices as the devices service stores them; the report reads the rows, whoever wrote them. */
async function addDevice(owner: Owner, device: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(device);
  const { rows } = await ctx.runtime.pool.query<{ id: number }>(
    `insert into devices (organization_id, property_id, item_type, ${columns.join(', ')})
     values ($1, $2, 'fire_extinguisher', ${columns.map((_, i) => `$${i + 3}`).join(', ')}) returning id`,
    [owner.user.id, owner.property.id, ...Object.values(device)],
  );
  return rows[0]!.id;
}

async function deviceClock(owner: Owner, deviceId: number, activity: string, clock: { countsFrom?: string; lastDoneOn?: string; lastResult?: string; nextDueDate: string | null }) {
  await ctx.runtime.pool.query(
    `insert into device_requirements (organization_id, property_id, device_id, requirement_id, counts_from, last_done_on, last_result, next_due_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [owner.user.id, owner.property.id, deviceId, owner.requirement(activity), clock.countsFrom ?? 'last_done', clock.lastDoneOn ?? null, clock.lastResult ?? null, clock.nextDueDate],
  );
}

async function reportText(owner: Owner) {
  const res = await owner.agent.post('/api/reports', { propertyId: owner.property.id, reportType: 'fire_safety' });
  expect(res.statusCode).toBe(201);
  const pdf = (await owner.agent.get(res.json().downloadUrl)).rawPayload;
  if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, pdf);
  return (await pdfPages(pdf)).map((page) => page.replace(/\s+/g, ' '));
}

/** What the report's public verification page shows of it. */
async function verification(owner: Owner) {
  const report = (await owner.agent.post('/api/reports', { propertyId: owner.property.id, reportType: 'fire_safety' })).json();
  return (await ctx.agent().get(`/api/verify/${report.verifyPath.split('/').at(-1)}`)).json();
}

describe('the report of a property with devices (issue 32 §4)', () => {
  it('lists each device on the walls with its place, kind, status, last result, next due and open deficiencies', async () => {
    setNow('2026-05-20T15:30:00Z');
    const owner = await propertyWithExtinguishers('Harbor View');
    const monthly = 'Monthly visual inspection';
    const first = await addDevice(owner, {
      tag: 'EXT-101', subtype: 'dry_chemical', rating: '5 lb', building: 'Main', floor: '3', room: '301',
      location_description: 'by stair B door', manufactured_on: '2019-04-01', walk_order: 1,
    });
    const second = await addDevice(owner, { tag: 'EXT-102', subtype: 'co2', rating: '10 lb', building: 'Main', floor: '3', room: 'Kitchen', walk_order: 2 });
    await addDevice(owner, { tag: 'EXT-103', building: 'Main', floor: '4', status: 'out_of_service', status_reason: 'Sent for recharge', walk_order: 1 });
    await addDevice(owner, { tag: 'EXT-900', building: 'Main', floor: '1', status: 'removed', walk_order: 1 });
    const longReason = `Valve stem leaking; sent to the service company, ${'awaiting a replacement valve assembly from the maker, '.repeat(6)}back in June.`;
    await addDevice(owner, { tag: 'EXT-104', building: 'Main', floor: '4', status: 'out_of_service', status_reason: longReason, walk_order: 2 });
    await deviceClock(owner, first, monthly, { lastDoneOn: '2026-05-03', lastResult: 'compliant', nextDueDate: '2026-06-03' });
    await deviceClock(owner, first, '12-year hydrostatic test', { countsFrom: 'manufacture', nextDueDate: '2031-04-30' });
    await deviceClock(owner, second, monthly, { lastDoneOn: '2026-05-03', lastResult: 'non_compliant', nextDueDate: '2026-06-03' });
    await deviceClock(owner, second, '5-year hydrostatic test', { countsFrom: 'manufacture', nextDueDate: null });

    // A finished walk-through of the monthly check: a pass, and a fail with its deficiency.
    const { rows: [walkInspection] } = await ctx.runtime.pool.query<{ id: number }>(
      `insert into inspections (organization_id, property_id, requirement_id, inspection_type, due_date, status, compliance_result, completed_date, assigned_to)
       values ($1, $2, $3, 'fire_extinguisher', '2026-05-03', 'completed', 'non_compliant', '2026-05-03T15:00:00Z', 'Sam Ortiz') returning id`,
      [owner.user.id, owner.property.id, owner.requirement(monthly)],
    );
    const { rows: [walk] } = await ctx.runtime.pool.query<{ id: number }>(
      `insert into walkthroughs (organization_id, property_id, requirement_id, inspection_id, status, finished_at)
       values ($1, $2, $3, $4, 'finished', '2026-05-03T15:00:00Z') returning id`,
      [owner.user.id, owner.property.id, owner.requirement(monthly), walkInspection!.id],
    );
    const { rows: [deficiency] } = await ctx.runtime.pool.query<{ id: number }>(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, device_id, description, severity)
       values ($1, $2, $3, 'fire_extinguisher', $4, 'Gauge not in the operable range', 'critical') returning id`,
      [owner.user.id, owner.property.id, walkInspection!.id, second],
    );
    await ctx.runtime.pool.query(
      `insert into walkthrough_results (organization_id, walkthrough_id, device_id, result, failed_checks, deficiency_id, client_id)
       values ($1, $2, $3, 'pass', null, null, gen_random_uuid()), ($1, $2, $4, 'fail', '{gauge}', $5, gen_random_uuid())`,
      [owner.user.id, walk!.id, first, second, deficiency!.id],
    );

    const pages = await reportText(owner);
    const text = pages.join(' ');
    // The item's row points to the inventory; removed devices are counted, not listed.
    expect(text).toContain('Fire Extinguishers (4 devices)');
    expect(text).toContain('Device inventory');
    expect(text).toContain('Fire Extinguishers: 4 devices');
    expect(text).toContain('1 device removed or replaced is not listed');
    expect(text).not.toContain('EXT-900');
    // In walking order, floor by floor.
    const inventory = text.slice(text.indexOf('Device inventory'));
    expect(inventory.indexOf('EXT-101')).toBeLessThan(inventory.indexOf('EXT-102'));
    expect(inventory.indexOf('EXT-102')).toBeLessThan(inventory.indexOf('EXT-103'));
    expect(inventory).toContain('EXT-101 Main, Floor 3, Room 301; by stair B door Dry chemical, stored pressure; 5 lb In service Pass, May 3, 2026 Monthly visual inspection Jun 3, 2026 Monthly visual inspection None');
    expect(inventory).toContain('EXT-102 Main, Floor 3, Kitchen Carbon dioxide (CO2); 10 lb In service Fail, May 3, 2026');
    // No month of manufacture: the multi-year date is not known, and the report says what to add.
    expect(inventory).toMatch(/Not known, no month of manufacture: 5- ?year hydrostatic test/);
    expect(inventory).toContain('Critical (found May 3, 2026): Gauge not in the operable range');
    expect(inventory).toContain('EXT-103 Main, Floor 4 - Out of service: Sent for recharge Not yet inspected Not known None');
    // A reason too long for its cell is cut there and printed whole under the table.
    expect(inventory).toContain('Fire Extinguishers: devices in full EXT-104, Main, Floor 4 Out of service: Valve stem leaking');
    expect(inventory).toContain('from the maker, back in June.');
    // The deficiency's full record names its device's tag.
    expect(text).toContain('Critical - Fire Extinguishers - tag EXT-102 - open Gauge not in the operable range');
    // The verification page counts the devices listed, so a printed inventory can be checked for missing pages.
    expect((await verification(owner)).items).toEqual([expect.objectContaining({ label: 'Fire Extinguishers', devices: 4 })]);
  });

  it('prints what a real walk-through recorded: the devices added, their taps and the deficiency of the Fail', async () => {
    setNow('2026-05-20T15:30:00Z');
    const owner = await ctx.signedIn({ timeZone: 'America/Chicago' });
    await grantPro(ctx.runtime.db, owner.user.username);
    const property = await createProperty(ctx.runtime.db, owner.user.id, { name: 'Walked House' });
    const add = async (body: Record<string, unknown>) => {
      const res = await owner.agent.post(`/api/properties/${property.id}/devices`, { itemType: 'fire_extinguisher', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const lobby = await add({ subtype: 'dry_chemical', rating: '5 lb', tag: 'WALK-A', manufacturedOn: '2019-04', location: { building: 'A', floor: '1', room: 'Lobby' } });
    const kitchen = await add({ subtype: 'co2', rating: '10 lb', tag: 'WALK-B', location: { building: 'A', floor: '1', room: 'Kitchen' } });
    const requirements = (await owner.agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; activity: string }[];
    const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
    const started = await owner.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthly.id });
    expect(started.statusCode, started.body).toBe(201);
    const walk = started.json();
    const tap = (deviceId: number, body: Record<string, unknown>) => owner.agent.put(`/api/walkthroughs/${walk.id}/results/${deviceId}`, { clientId: randomUUID(), ...body });
    expect((await tap(lobby, { result: 'pass' })).statusCode).toBe(200);
    expect((await tap(kitchen, { result: 'fail', severity: 'critical', description: 'Horn cracked at the hose', correctiveAction: 'Replace the horn' })).statusCode).toBe(200);
    const finished = await owner.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation: { accepted: true, role: 'performer', typedName: 'Pat Walker' } });
    expect(finished.statusCode, finished.body).toBe(200);

    const text = (await reportText({ ...owner, property, requirement: () => monthly.id })).join(' ');
    expect(text).toContain('Fire Extinguishers (2 devices)');
    const inventory = text.slice(text.indexOf('Device inventory'));
    expect(inventory).toContain('WALK-A A, Floor 1, Lobby Dry chemical, stored pressure; 5 lb In service Pass, May 20, 2026 Monthly visual inspection');
    expect(inventory).toContain('WALK-B A, Floor 1, Kitchen Carbon dioxide (CO2); 10 lb In service Fail, May 20, 2026 Monthly visual inspection');
    expect(inventory).toMatch(/Not known, no month of manufacture: 5- ?year hydrostatic test/);
    expect(inventory).toMatch(/Critical \(found May 20, 2026\): [^]*Horn cracked at the hose/);
    expect(text).toMatch(/Critical - Fire Extinguishers - tag WALK-B - open/);
  });

  it('paginates a long inventory with its header on every page and no device left out', async () => {
    const owner = await propertyWithExtinguishers('Tall Tower');
    await ctx.runtime.pool.query(
      `insert into devices (organization_id, property_id, item_type, tag, subtype, rating, building, floor, location_description, walk_order)
       select $1, $2, 'fire_extinguisher', 'T-' || lpad(g::text, 4, '0'), 'dry_chemical', '5 lb', 'Tower', (1 + g / 20)::text, 'by the lift lobby, east wall', g
       from generate_series(1, 300) g`,
      [owner.user.id, owner.property.id],
    );
    const pages = await reportText(owner);
    const inventoryPages = pages.filter((page) => /T-\d{4}/.test(page));
    expect(inventoryPages.length).toBeGreaterThan(5);
    for (const page of inventoryPages) expect(page).toContain('Tag Location Type, rating Status Last result Next due Open deficiencies');
    const tags = pages.join(' ').match(/T-\d{4}/g) ?? [];
    expect(new Set(tags).size).toBe(300);
    // Floor 10 follows floor 9, not floor 1: the tags come out in the order they were walked.
    expect(tags).toEqual([...tags].sort());
    expect(pages.join(' ')).toContain('Fire Extinguishers: 300 devices');
    // Each page keeps its number and verification link.
    expect(pages.at(-1)).toMatch(new RegExp(`page ${pages.length} of ${pages.length}`));
  });

  it('reads as before for a property without devices', async () => {
    const owner = await propertyWithExtinguishers('Plain House');
    const text = (await reportText(owner)).join(' ');
    expect(text).toContain('Compliance items');
    expect(text).not.toContain('Device inventory');
    expect(text).not.toMatch(/\(\d+ devices?\)/);
    expect((await verification(owner)).items).toEqual([{ label: 'Fire Extinguishers', status: expect.any(String) }]);
  });
});
