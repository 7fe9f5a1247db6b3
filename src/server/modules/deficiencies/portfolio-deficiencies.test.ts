import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

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

const db = () => ctx.runtime.db;

async function owner() {
  const signed = await proOwner(ctx);
  await db().execute(sql`update organizations set time_zone = 'America/New_York' where id = ${signed.organization.id}`);
  return { ...signed, organizationId: signed.organization.id };
}

/** A deficiency found by an inspection completed at `foundAt` (an instant: its New York day counts). */
async function found(organizationId: number, propertyId: number, description: string, severity: string, foundAt: string, correctedOn: string | null = null) {
  const inspection = await createInspectionRow(db(), { organizationId, propertyId, dueDate: '2026-01-01', status: 'completed' });
  await db().execute(sql`update inspections set completed_date = ${foundAt}, compliance_result = 'non_compliant' where id = ${inspection.id}`);
  await db().execute(sql`
    insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on)
    values (${organizationId}, ${propertyId}, ${inspection.id}, 'fire_extinguisher', ${description}, ${severity}, ${correctedOn})`);
}

type Row = { description: string; ageDays: number; propertyName: string; propertyId: number; foundOn: string; correctedOn: string | null };
const described = (rows: Row[]) => rows.map((r) => `${r.description} ${r.ageDays}`);

/**
 * Today is 10 April at 23:30 in New York (11 April by UTC): the edges of the bands fall on New
 * York days, as the Insight figure counts them.
 */
async function seeded() {
  setNow('2026-04-11T03:30:00Z');
  const o = await owner();
  const harbour = await createProperty(db(), o.organizationId, { name: 'Harbour House' });
  const quay = await createProperty(db(), o.organizationId, { name: 'Quay Tower' });
  await found(o.organizationId, harbour.id, 'Edge 30', 'critical', '2026-03-11T04:30:00Z'); // 00:30 on 11 March
  await found(o.organizationId, harbour.id, 'Edge 31', 'impairment', '2026-03-11T03:30:00Z'); // 23:30 on 10 March
  await found(o.organizationId, quay.id, 'Edge 90', 'non_critical', '2026-01-10T05:30:00Z'); // 00:30 on 10 January
  await found(o.organizationId, quay.id, 'Same day critical', 'critical', '2026-01-10T20:00:00Z');
  await found(o.organizationId, harbour.id, 'Edge 91', 'critical', '2026-01-10T04:30:00Z'); // 23:30 on 9 January
  await found(o.organizationId, harbour.id, 'Fixed', 'impairment', '2026-03-11T03:30:00Z', '2026-03-20');
  const other = await owner();
  const theirs = await createProperty(db(), other.organizationId, { name: 'Not ours' });
  await found(other.organizationId, theirs.id, 'Theirs', 'critical', '2026-01-02T15:00:00Z');
  return { ...o, harbour, quay };
}

describe('GET /api/deficiencies', () => {
  it('lists open deficiencies oldest first, critical first on the same day, with their property and age in days', async () => {
    const { agent, harbour } = await seeded();
    const res = await agent.get('/api/deficiencies');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const rows = res.json() as Row[];
    expect(described(rows)).toEqual(['Edge 91 91', 'Same day critical 90', 'Edge 90 90', 'Edge 31 31', 'Edge 30 30']);
    expect(rows[0]).toMatchObject({ propertyId: harbour.id, propertyName: 'Harbour House', property: { id: harbour.id, name: 'Harbour House' }, foundOn: '2026-01-09', correctedOn: null, severity: 'critical' });
  });

  it('bands by age exactly as the Insight figure counts, for every severity and band', async () => {
    const { agent } = await seeded();
    expect(described((await agent.get('/api/deficiencies?age=0-30')).json())).toEqual(['Edge 30 30']);
    expect(described((await agent.get('/api/deficiencies?age=31-90')).json())).toEqual(['Same day critical 90', 'Edge 90 90', 'Edge 31 31']);
    expect(described((await agent.get('/api/deficiencies?age=90%2B')).json())).toEqual(['Edge 91 91']);
    // A plus typed into the address arrives as a space.
    expect(described((await agent.get('/api/deficiencies?age=90+')).json())).toEqual(['Edge 91 91']);

    const figure = (await agent.get('/api/insight/deficiency-age')).json() as { bands: { severity: string; band: string; count: number }[] };
    for (const band of figure.bands) {
      const list = await agent.get(`/api/deficiencies?severity=${band.severity}&age=${encodeURIComponent(band.band)}`);
      expect(list.headers['x-total-count'], `${band.severity} ${band.band}`).toBe(String(band.count));
    }
  });

  it('filters by severity and status: corrected ones aged to the day they were corrected, the latest corrected first', async () => {
    const { agent } = await seeded();
    expect(described((await agent.get('/api/deficiencies?severity=critical')).json())).toEqual(['Edge 91 91', 'Same day critical 90', 'Edge 30 30']);
    const corrected = await agent.get('/api/deficiencies?status=corrected');
    expect(corrected.json()).toEqual([expect.objectContaining({ description: 'Fixed', correctedOn: '2026-03-20', foundOn: '2026-03-10', ageDays: 10 })]);
    expect(described((await agent.get('/api/deficiencies?status=corrected&age=31-90')).json())).toEqual([]);
    const all = await agent.get('/api/deficiencies?status=all&severity=impairment');
    expect(described(all.json())).toEqual(['Edge 31 31', 'Fixed 10']);
    expect(all.headers['x-total-count']).toBe('2');
  });

  it('pages with limit and offset, the total counting the whole list', async () => {
    const { agent } = await seeded();
    const first = await agent.get('/api/deficiencies?limit=2');
    expect(described(first.json())).toEqual(['Edge 91 91', 'Same day critical 90']);
    expect(first.headers['x-total-count']).toBe('5');
    expect(described((await agent.get('/api/deficiencies?limit=2&offset=4')).json())).toEqual(['Edge 30 30']);
    const past = await agent.get('/api/deficiencies?offset=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it('lists only what the member reaches: their properties, never another organisation’s', async () => {
    const { agent, harbour, quay } = await seeded();
    expect(described((await agent.get(`/api/deficiencies?propertyId=${quay.id}`)).json())).toEqual(['Same day critical 90', 'Edge 90 90']);

    const manager = await addMember(ctx, agent, { role: 'manager', propertyIds: [quay.id] });
    const managed = await manager.agent.get('/api/deficiencies');
    expect(described(managed.json())).toEqual(['Same day critical 90', 'Edge 90 90']);
    expect(managed.headers['x-total-count']).toBe('2');
    // A property out of reach named on purpose lists nothing.
    expect((await manager.agent.get(`/api/deficiencies?propertyId=${harbour.id}`)).json()).toEqual([]);

    // An inspector sees a property's deficiencies as its own list shows them: by the properties given.
    const inspector = await addMember(ctx, agent, { role: 'inspector', propertyIds: [harbour.id] }, { fullName: 'Ines Inspector' });
    expect(described((await inspector.agent.get('/api/deficiencies')).json())).toEqual(['Edge 91 91', 'Edge 31 31', 'Edge 30 30']);

    const rows = (await agent.get('/api/deficiencies?status=all&limit=100')).json() as Row[];
    expect(rows.map((r) => r.propertyName)).not.toContain('Not ours');
  });

  it('refuses a query it does not understand with a message for each field', async () => {
    const { agent } = await seeded();
    const bad = await agent.get('/api/deficiencies?status=closed&severity=minor&age=60&limit=101&offset=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      status: ['Status must be open, corrected or all'],
      severity: ['Severity must be critical, impairment or non_critical'],
      age: ['Age must be 0-30, 31-90 or 90+'],
      limit: ['Limit must be at most 100'],
      offset: ['Offset cannot be negative'],
    });
    expect((await agent.get('/api/deficiencies?propertyId=abc')).json().fieldErrors).toEqual({ propertyId: ['Unknown property'] });
  });
});

describe('GET /api/deficiencies?propertyIds= (an Insight link to chosen properties)', () => {
  it('lists the chosen properties\' deficiencies, the total counting them, within the member\'s reach', async () => {
    const { agent, organizationId, harbour, quay } = await seeded();
    const third = await createProperty(db(), organizationId, { name: 'Third Yard' });
    await found(organizationId, third.id, 'Third one', 'critical', '2026-04-01T15:00:00Z');

    const chosen = await agent.get(`/api/deficiencies?propertyIds=${quay.id},${third.id}`);
    expect(described(chosen.json())).toEqual(['Same day critical 90', 'Edge 90 90', 'Third one 9']);
    expect(chosen.headers['x-total-count']).toBe('3');
    const critical = await agent.get(`/api/deficiencies?severity=critical&age=0-30&propertyIds=${harbour.id},${third.id}`);
    expect(described(critical.json())).toEqual(['Edge 30 30', 'Third one 9']);
    expect(critical.headers['x-total-count']).toBe('2');
    expect((await agent.get(`/api/deficiencies?status=all&propertyIds=${harbour.id}`)).headers['x-total-count']).toBe('4');

    // A member given one property learns nothing of the others by choosing them.
    const manager = await addMember(ctx, agent, { role: 'manager', propertyIds: [quay.id] });
    expect(described((await manager.agent.get(`/api/deficiencies?propertyIds=${quay.id},${harbour.id}`)).json())).toEqual(['Same day critical 90', 'Edge 90 90']);
  });

  it("answers another organisation's property as nothing, and bad ids with the field's message", async () => {
    const { agent } = await seeded();
    const other = await owner();
    const theirs = await createProperty(db(), other.organizationId, { name: 'Not ours either' });
    await found(other.organizationId, theirs.id, 'Theirs too', 'critical', '2026-01-02T15:00:00Z');
    const none = await agent.get(`/api/deficiencies?status=all&propertyIds=${theirs.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');

    const bad = await agent.get('/api/deficiencies?propertyIds=-4');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ propertyIds: ['Property ids must be numbers separated by commas'] });
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await agent.get(`/api/deficiencies?propertyIds=${many}`)).json().fieldErrors).toEqual({ propertyIds: ['Choose at most 500 properties'] });
  });
});
