import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CSV_TEMPLATE, deviceRowsFromCells } from '@shared/device-import';
import { MADE_TAG_ALPHABET, MADE_TAG_LENGTH } from '@shared/devices';
import type { DeviceImportRow, DeviceResponse } from '@shared/schemas/device';
import { createMember } from '../../db/seed/users';
import { createProperty } from '../../db/seed/properties';
import { proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/**
 * Issue 32 §1: adding devices several at once ("8 dry chemical 5 lb extinguishers on floor 3")
 * and from a spreadsheet, with a preview that names each row's problems and an import that
 * takes every row or none.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** An owner on Pro with one property. */
async function setUp() {
  const owner = await proOwner(ctx);
  const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Harbor View Offices' });
  const base = `/api/properties/${property.id}/devices`;
  return {
    ...owner,
    property,
    bulk: (body: unknown, agent: Agent = owner.agent) => agent.post(`${base}/bulk`, body),
    preview: (rows: DeviceImportRow[], agent: Agent = owner.agent) => agent.post(`${base}/import/preview`, { rows }),
    import: (rows: DeviceImportRow[], agent: Agent = owner.agent) => agent.post(`${base}/import`, { rows }),
    deviceCount: async () => Number((await ctx.runtime.db.execute<{ n: string }>(sql`select count(*) as n from devices where property_id = ${property.id}`)).rows[0]!.n),
  };
}

/** What the import dialog does with a file's text before it calls the API. */
function readCsv(text: string) {
  return deviceRowsFromCells(Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data);
}

type PreviewRow = { line: number; status: string; problems: string[]; itemType: string | null; tag: string | null; location: string };

describe('POST /api/properties/{id}/devices/bulk', () => {
  it('adds eight dry chemical 5 lb extinguishers on floor 3, each with its own made tag', async () => {
    const s = await setUp();
    const res = await s.bulk({ count: 8, itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', location: { building: 'Main', floor: '3' }, manufacturedOn: '2019-04' });
    expect(res.statusCode, res.body).toBe(201);
    const devices = res.json() as DeviceResponse[];
    expect(devices).toHaveLength(8);
    for (const device of devices) {
      expect(device).toMatchObject({
        propertyId: s.property.id,
        itemType: 'fire_extinguisher',
        subtype: 'dry_chemical',
        rating: '5 lb',
        location: { building: 'Main', floor: '3', room: null, description: null },
        manufacturedOn: '2019-04',
        status: 'in_service',
        serialNumber: null,
      });
      expect(device.tag).toHaveLength(MADE_TAG_LENGTH);
      expect([...device.tag].every((c) => MADE_TAG_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(devices.map((d) => d.tag)).size).toBe(8);
    expect(await s.deviceCount()).toBe(8);
  });

  it('makes different tags for two batches sent at once', async () => {
    const s = await setUp();
    const body = { count: 40, itemType: 'emergency_lighting', location: { floor: '1' } };
    const [a, b] = await Promise.all([s.bulk(body), s.bulk(body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const tags = [...(a.json() as DeviceResponse[]), ...(b.json() as DeviceResponse[])].map((d) => d.tag);
    expect(new Set(tags).size).toBe(80);
    expect(await s.deviceCount()).toBe(80);
  });

  it('refuses a count out of range, a tag or a serial number, with field messages', async () => {
    const s = await setUp();
    const zero = await s.bulk({ count: 0, itemType: 'fire_extinguisher' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fieldErrors.count).toEqual(['Enter how many, at least 1']);
    expect((await s.bulk({ count: 501, itemType: 'fire_extinguisher' })).json().fieldErrors.count).toEqual(['Add at most 500 at once']);
    expect((await s.bulk({ count: 2, itemType: 'fire_extinguisher', tag: 'FX-1' })).json().fieldErrors.tag).toEqual(['Tags are made for devices added several at once']);
    expect((await s.bulk({ count: 2, itemType: 'fire_extinguisher', serialNumber: 'A1' })).statusCode).toBe(400);
    expect((await s.bulk({ count: 2, itemType: 'fire_extinguisher', subtype: 'lemonade' })).statusCode).toBe(400);
    expect(await s.deviceCount()).toBe(0);
  });
});

describe('device import preview', () => {
  it('reads a file written as people write it: loose headers, item types, agents and months in words', async () => {
    const s = await setUp();
    const { rows, error } = readCsv(
      [
        '\uFEFFDevice Type,Extinguishing Agent,Size,Bldg,Level,Room #,Where,Tag No.,Serial #,Make,Model No,Mfg Date,Date Installed,Comments,Last serviced by',
        'Fire extinguisher,ABC,5 lb,Main,3,301,By stair B door,fx-201,SN-1,Amerex,B500,04/2019,06/15/2019,,Acme',
        'Extinguishers,dry chem,10 lb,Main,3,,Kitchen,,SN-2,,,Apr 2019,,,Acme',
        'extinguisher,CO2,,Main,B,,Boiler room,,,,,2021-11,,,',
        'Extinguisher,K class,6 L,Main,1,,Kitchen line,,,,,April 2020,,,',
        'Exit light,,,Main,1,,Front door,,,,,,,,',
        'Smoke detector,,,Annex,2,204,,,,,,,,,',
        'Emergency light,battery,,Annex,2,,Corridor,,,,,,,,',
      ].join('\r\n'),
    );
    expect(error).toBeUndefined();
    const res = await s.preview(rows);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { rows: PreviewRow[]; okCount: number };
    expect(preview.okCount).toBe(7);
    expect(preview.rows.map((r) => r.itemType)).toEqual(['fire_extinguisher', 'fire_extinguisher', 'fire_extinguisher', 'fire_extinguisher', 'emergency_exits', 'smoke_detectors', 'emergency_lighting']);
    expect(preview.rows[0]).toEqual({ line: 2, status: 'ok', problems: [], itemType: 'fire_extinguisher', tag: 'FX-201', location: 'Main · Floor 3 · Room 301 · By stair B door' });

    const imported = await s.import(rows);
    expect(imported.statusCode, imported.body).toBe(201);
    const devices = (imported.json() as { imported: number; devices: DeviceResponse[] }).devices;
    const byLocation = (description: string) => devices.find((d) => d.location.description === description)!;
    expect(byLocation('By stair B door')).toMatchObject({ tag: 'FX-201', subtype: 'dry_chemical', serialNumber: 'SN-1', manufacturer: 'Amerex', model: 'B500', manufacturedOn: '2019-04', installedOn: '2019-06-15' });
    expect(byLocation('Kitchen')).toMatchObject({ subtype: 'dry_chemical', manufacturedOn: '2019-04' });
    expect(byLocation('Boiler room')).toMatchObject({ subtype: 'co2', manufacturedOn: '2021-11' });
    expect(byLocation('Kitchen line')).toMatchObject({ subtype: 'wet_chemical', manufacturedOn: '2020-04', rating: '6 L' });
    expect(byLocation('Corridor')).toMatchObject({ itemType: 'emergency_lighting', subtype: 'battery' });
  });

  it('names each row ok, invalid with its problems, or duplicate, and imports nothing', async () => {
    const s = await setUp();
    // Already in the organisation: a tag and a serial number.
    expect((await s.import([{ itemType: 'Extinguisher', tag: 'OLD-1', serialNumber: 'AB-100' }])).statusCode).toBe(201);
    const rows: DeviceImportRow[] = [
      { itemType: 'Extinguisher', subtype: 'ABC', tag: 'NEW-1', floor: '2' },
      { itemType: 'Coffee machine', subtype: '', floor: '2' },
      { itemType: 'Extinguisher', subtype: 'lemonade', manufacturedOn: '2019', installedOn: 'soon' },
      { itemType: 'Extinguisher', tag: 'new-1' },
      { itemType: 'Extinguisher', tag: 'OLD-1' },
      { itemType: 'Extinguisher', serialNumber: 'ab 100' },
      { itemType: 'Exit sign', serialNumber: 'Z9' },
      { itemType: 'Exit sign', serialNumber: 'z-9' },
      { itemType: '', floor: '4' },
      { itemType: 'Smoke detector', subtype: 'photoelectric' },
      { itemType: 'Extinguisher', tag: 'no spaces allowed' },
    ];
    const res = await s.preview(rows);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { rows: PreviewRow[]; okCount: number; invalidCount: number; duplicateCount: number };
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'ok'], [3, 'invalid'], [4, 'invalid'], [5, 'duplicate'], [6, 'duplicate'], [7, 'duplicate'], [8, 'ok'], [9, 'duplicate'], [10, 'invalid'], [11, 'invalid'], [12, 'invalid'],
    ]);
    expect({ ok: preview.okCount, invalid: preview.invalidCount, duplicate: preview.duplicateCount }).toEqual({ ok: 2, invalid: 5, duplicate: 4 });
    const problems = (line: number) => preview.rows.find((r) => r.line === line)!.problems;
    expect(problems(3)).toEqual(['Type: “Coffee machine” is not a safety item Firemark knows; write what it is, for example Extinguisher, Emergency light, Exit light or Smoke detector']);
    expect(problems(4)).toEqual([
      'Agent: “lemonade” is not an extinguisher agent Firemark knows; write ABC, dry chem, CO2, water, foam, K class, clean agent or dry powder',
      'Manufactured: “2019” is not a month and year; write it as 2019-04, 04/2019 or Apr 2019',
      'Installed: “soon” is not a date; write it as 2021-03-15 or 03/15/2021',
    ]);
    expect(problems(5)).toEqual(['Tag NEW-1 is also on row 2']);
    // A row with problems still shows the tag as written, so it can be found in the file.
    expect(preview.rows.find((r) => r.line === 12)!.tag).toBe('NO SPACES ALLOWED');
    expect(preview.rows.find((r) => r.line === 3)!.tag).toBeNull();
    expect(problems(6)).toEqual(['Tag OLD-1 is already on one of your devices']);
    expect(problems(7)).toEqual(['Serial number ab 100 is already on one of your devices']);
    expect(problems(9)).toEqual(['Serial number z-9 is also on row 8']);
    expect(problems(10)[0]).toMatch(/^Type: missing/);
    expect(problems(11)).toEqual(['Agent: Smoke Detectors have no agent or kind in Firemark; leave the cell empty or put it in Notes']);
    expect(problems(12)).toEqual(['Tag: Tags are 3 to 20 letters, digits and dashes, starting and ending with a letter or digit']);
    expect(await s.deviceCount()).toBe(1);
  });

  it("counts another organisation's tag as in use, and its serial numbers as none of this one's business", async () => {
    const other = await setUp();
    expect((await other.import([{ itemType: 'Extinguisher', tag: 'SHARED-7', serialNumber: 'S-77' }])).statusCode).toBe(201);
    const s = await setUp();
    const preview = (await s.preview([{ itemType: 'Extinguisher', tag: 'shared-7' }, { itemType: 'Extinguisher', serialNumber: 'S-77' }])).json() as { rows: PreviewRow[] };
    expect(preview.rows.map((r) => [r.status, r.problems])).toEqual([
      ['duplicate', ['Tag SHARED-7 is already in use; leave the cell empty to have one made']],
      ['ok', []],
    ]);
  });
});

describe('POST /api/properties/{id}/devices/import', () => {
  it('imports every row or none: one bad row is a 422 with the rows, and nothing is added', async () => {
    const s = await setUp();
    const good = Array.from({ length: 30 }, (_, i) => ({ itemType: 'Extinguisher', subtype: 'ABC', floor: String(1 + (i % 3)), serialNumber: `SN-${i}` }));
    const res = await s.import([...good, { itemType: 'Extinguisher', manufacturedOn: '13/2019' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: '1 row has problems; nothing was imported.',
      code: 'VALIDATION_FAILED',
      error: '1 row has problems; nothing was imported.',
      rows: [{ line: 32, status: 'invalid', problems: ['Manufactured: “13/2019” is not a month and year; write it as 2019-04, 04/2019 or Apr 2019'], itemType: 'fire_extinguisher', tag: null, location: '' }],
    });
    expect(await s.deviceCount()).toBe(0);

    const ok = await s.import(good);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().imported).toBe(30);
    expect(await s.deviceCount()).toBe(30);
    // The same file again: every row repeats a serial number now.
    const again = await s.import(good);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('30 rows have problems; nothing was imported.');
    expect(await s.deviceCount()).toBe(30);
  });

  it('imports one file sent twice at once only once', async () => {
    const s = await setUp();
    const rows = [{ itemType: 'Extinguisher', serialNumber: 'TWICE-1' }, { itemType: 'Exit light', serialNumber: 'TWICE-2' }];
    const answers = await Promise.all([s.import(rows), s.import(rows)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await s.deviceCount()).toBe(2);
  });

  it('reads the template the dialog offers', async () => {
    const s = await setUp();
    const { rows, error } = readCsv(DEVICE_CSV_TEMPLATE);
    expect(error).toBeUndefined();
    const res = await s.import(rows);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imported).toBe(4);
  });

  it('says which column is missing when no column names the type', async () => {
    expect(readCsv('Location,Serial\nLobby,1')).toEqual({ rows: [], error: 'The file needs a column saying what each device is (Type, Device or Equipment)' });
  });
});

describe('who may add devices', () => {
  it("answers 404 for another organisation's property and 403 for a viewer; an inspector may not add either", async () => {
    const s = await setUp();
    const stranger = await proOwner(ctx, { fullName: 'Sam Stranger' });
    const rows = [{ itemType: 'Extinguisher' }];
    expect((await s.bulk({ count: 1, itemType: 'fire_extinguisher' }, stranger.agent)).statusCode).toBe(404);
    expect((await s.preview(rows, stranger.agent)).statusCode).toBe(404);
    expect((await s.import(rows, stranger.agent)).statusCode).toBe(404);

    for (const role of ['viewer', 'inspector'] as const) {
      const member = await createMember(ctx.runtime.db, { organizationId: s.organization.id, role });
      const agent = ctx.agent();
      await agent.post('/api/auth/login', { username: member.user.username, password: member.password });
      expect((await agent.post(`/api/organizations/${s.organization.id}/switch`)).statusCode).toBe(200);
      expect((await s.bulk({ count: 1, itemType: 'fire_extinguisher' }, agent)).statusCode).toBe(403);
      expect((await s.preview(rows, agent)).statusCode).toBe(403);
      expect((await s.import(rows, agent)).statusCode).toBe(403);
    }

    // A manager limited to another property does not see this one.
    const elsewhere = await createProperty(ctx.runtime.db, s.organization.id, { name: 'Elsewhere' });
    const manager = await createMember(ctx.runtime.db, { organizationId: s.organization.id, role: 'manager', propertyIds: [elsewhere.id] });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: manager.user.username, password: manager.password });
    expect((await agent.post(`/api/organizations/${s.organization.id}/switch`)).statusCode).toBe(200);
    expect((await s.import(rows, agent)).statusCode).toBe(404);
    expect((await agent.post(`/api/properties/${elsewhere.id}/devices/import`, { rows })).statusCode).toBe(201);
    expect((await s.bulk({ count: 1, itemType: 'fire_extinguisher' }, ctx.agent())).statusCode).toBe(401);
    expect(await s.deviceCount()).toBe(0);
  });
});
