import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, propertyValues } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const validBody = {
  name: 'Harbor View Offices',
  propertyType: 'commercial',
  addressLine1: '100 Harbor Way',
  addressLine2: 'Suite 200',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  country: 'us',
  managerEmail: 'facilities@example.com',
};

async function proAccount() {
  const session = await ctx.signedIn();
  await grantPro(ctx.runtime.db, session.user.username);
  return session;
}

describe('POST /api/properties', () => {
  it('creates a pending property with no compliance items yet', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.post('/api/properties', validBody);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...validBody, status: 'pending', complianceItems: [] });
    expect(Date.parse(res.json().lastUpdated)).not.toBeNaN();
    expect((await agent.get(`/api/properties/${res.json().id}`)).json().name).toBe('Harbor View Offices');
  });

  it("answers SPEC's message for each missing field, and defaults type and country", async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.post('/api/properties', { name: ' ', managerEmail: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: ['Property name is required'],
      addressLine1: ['Address is required'],
      city: ['City is required'],
      state: ['State is required'],
      zip: ['ZIP code is required'],
      managerEmail: ['Invalid email address'],
    });
    const defaults = await agent.post('/api/properties', { ...validBody, propertyType: undefined, country: undefined });
    expect(defaults.json()).toMatchObject({ propertyType: 'commercial', country: 'us' });
  });

  it('rejects an unknown type or country', async () => {
    const { agent } = await proAccount();
    const res = await agent.post('/api/properties', { ...validBody, propertyType: 'castle', country: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['country', 'propertyType']);
  });

  it('checks the state and ZIP or postal code against the country, and stores one spelling', async () => {
    const { agent } = await proAccount();
    const bad = await agent.post('/api/properties', { ...validBody, state: 'Mass', zip: 'ABCDE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      state: ['Enter a US state as its two-letter code (e.g. MA) or its name'],
      zip: ['Enter a 5-digit ZIP code (e.g. 02110) or ZIP+4 (02110-1234)'],
    });
    const named = await agent.post('/api/properties', { ...validBody, state: 'Massachusetts', zip: '021101234' });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ state: 'MA', zip: '02110-1234' });
    const canadian = await agent.post('/api/properties', { ...validBody, state: 'Québec', zip: 'h2y1c6', country: 'ca' });
    expect(canadian.json()).toMatchObject({ state: 'QC', zip: 'H2Y 1C6', country: 'ca' });
    // A US state is no province, and a Canadian postal code no ZIP.
    const crossed = await agent.post('/api/properties', { ...validBody, state: 'ON', zip: 'M5V 2T6' });
    expect(Object.keys(crossed.json().fieldErrors).sort()).toEqual(['state', 'zip']);
  });

  it('stops a free account at one property', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.post('/api/properties', validBody)).statusCode).toBe(201);
    const second = await agent.post('/api/properties', validBody);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    expect(second.json().message).toContain('Free accounts are limited to 1 property');
  });

  it('lets exactly one of 20 simultaneous creates through on the free plan', async () => {
    const { agent } = await ctx.signedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/properties', validBody)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 403)).toHaveLength(19);
    expect((await agent.get('/api/properties')).json()).toHaveLength(1);
  });

  it('lets a Pro account add as many as it likes', async () => {
    const { agent } = await proAccount();
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/properties', validBody)).statusCode).toBe(201);
  });

  it('is 401 when signed out', async () => {
    expect((await ctx.agent().post('/api/properties', validBody)).statusCode).toBe(401);
  });
});

describe('GET /api/properties', () => {
  it('searches name, address, city, state and zip; filters by type and status; pages with a total', async () => {
    const { agent, user } = await proAccount();
    const db = ctx.runtime.db;
    await createProperty(db, user.id, { name: 'Alpha Tower', city: 'Denver', state: 'CO', zip: '80202', propertyType: 'commercial' });
    await createProperty(db, user.id, { name: 'Beta Clinic', addressLine1: '9 Elm Road', propertyType: 'healthcare' });
    await createProperty(db, user.id, { name: 'Gamma School', zip: '99501', propertyType: 'education' });
    await createProperty(db, user.id, { name: '100% Safe_Storage', propertyType: 'industrial' });

    const names = async (query: string) => (await agent.get(`/api/properties?${query}`)).json().map((p: { name: string }) => p.name);
    expect(await names('q=alpha')).toEqual(['Alpha Tower']);
    expect(await names('q=elm%20road')).toEqual(['Beta Clinic']);
    expect(await names('q=denver')).toEqual(['Alpha Tower']);
    expect(await names('q=CO')).toContain('Alpha Tower');
    expect(await names('q=99501')).toEqual(['Gamma School']);
    // LIKE wildcards in a search are taken literally.
    expect(await names('q=100%25')).toEqual(['100% Safe_Storage']);
    expect(await names('q=_')).toEqual(['100% Safe_Storage']);
    expect(await names('propertyType=healthcare')).toEqual(['Beta Clinic']);
    expect(await names('status=compliant')).toEqual([]);

    const page = await agent.get('/api/properties?sort=name_asc&limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((p: { name: string }) => p.name)).toEqual(['Alpha Tower', 'Beta Clinic']);
    const beyond = await agent.get('/api/properties?limit=2&offset=10');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('4');
  });

  it('sorts five ways', async () => {
    const { agent, user } = await proAccount();
    const db = ctx.runtime.db;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const c = await createProperty(db, user.id, { name: 'Cedar', createdAt: day(1) });
    const a = await createProperty(db, user.id, { name: 'aspen', createdAt: day(3) });
    const b = await createProperty(db, user.id, { name: 'Birch', createdAt: day(2) });
    const d = await createProperty(db, user.id, { name: 'Dogwood', createdAt: day(4) });
    // What each status derives from: a failed item; one due in two days; one due next year.
    const today = `(now() at time zone 'UTC')::date`;
    await ctx.runtime.pool.query(`update properties set has_failure = true, inspected = true where id = $1`, [d.id]);
    await ctx.runtime.pool.query(`update properties set inspected = true, earliest_due_date = ${today} + 2 where id = $1`, [c.id]);
    await ctx.runtime.pool.query(`update properties set inspected = true, earliest_due_date = ${today} + 365 where id = $1`, [b.id]);

    const order = async (sort: string) => (await agent.get(`/api/properties?sort=${sort}`)).json().map((p: { name: string }) => p.name);
    expect(await order('name_asc')).toEqual(['aspen', 'Birch', 'Cedar', 'Dogwood']);
    expect(await order('name_desc')).toEqual(['Dogwood', 'Cedar', 'Birch', 'aspen']);
    expect(await order('created_asc')).toEqual(['Cedar', 'Birch', 'aspen', 'Dogwood']);
    expect(await order('created_desc')).toEqual(['Dogwood', 'aspen', 'Birch', 'Cedar']);
    expect(await order('compliance')).toEqual(['Dogwood', 'Cedar', 'Birch', 'aspen']);
    void a;
  });

  it('puts what needs attention first: a failure, then overdue, then due soon, then the rest', async () => {
    const { agent, user } = await proAccount();
    const db = ctx.runtime.db;
    const ids: Record<string, number> = {};
    for (const name of ['Apple Court', 'Bay Hall', 'Cove House', 'Dune Lofts', 'Elm Works']) {
      ids[name] = (await createProperty(db, user.id, { name })).id;
    }
    const today = `(now() at time zone 'UTC')::date`;
    const set = (name: string, columns: string) => ctx.runtime.pool.query(`update properties set ${columns} where id = $1`, [ids[name]]);
    await set('Elm Works', `has_failure = true, inspected = true, earliest_due_date = ${today} + 200`);
    await set('Cove House', `inspected = true, earliest_due_date = ${today} - 3`);
    await set('Apple Court', `inspected = true, earliest_due_date = ${today} + 4`);
    await set('Dune Lofts', `inspected = true, earliest_due_date = ${today} + 90`);

    const res = await agent.get('/api/properties?sort=attention');
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Elm Works', 'Cove House', 'Apple Court', 'Dune Lofts', 'Bay Hall']);
    const failing = await agent.get('/api/properties?sort=attention&status=non_compliant');
    expect(failing.json().map((p: { name: string }) => p.name)).toEqual(['Elm Works', 'Cove House']);
  });

  it('rejects bad list parameters with field messages', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.get('/api/properties?limit=0&sort=sideways&status=burning');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ limit: ['Limit must be at least 1'], sort: ['Unknown sort'], status: ['Unknown status'] });
    expect((await agent.get('/api/properties?limit=501')).json().fieldErrors).toEqual({ limit: ['Limit must be at most 500'] });
  });

  it('never lists another account\'s property, and is 401 when signed out', async () => {
    const mine = await ctx.signedIn();
    const theirs = await ctx.signedIn();
    await createProperty(ctx.runtime.db, theirs.user.id, { name: 'Not Yours' });
    expect((await mine.agent.get('/api/properties?q=Not%20Yours')).json()).toEqual([]);
    expect((await ctx.agent().get('/api/properties')).statusCode).toBe(401);
  });
});

describe('one property', () => {
  it("is a 404 on every route for another account's property", async () => {
    const mine = await ctx.signedIn();
    const theirs = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, theirs.user.id);
    for (const res of [
      await mine.agent.get(`/api/properties/${property.id}`),
      await mine.agent.put(`/api/properties/${property.id}`, { name: 'Mine now' }),
      await mine.agent.delete(`/api/properties/${property.id}`),
      await mine.agent.get(`/api/properties/${property.id}/reports`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Property not found');
    }
    expect((await theirs.agent.get(`/api/properties/${property.id}`)).json().name).toBe(property.name);
    expect((await mine.agent.get('/api/properties/not-a-number')).statusCode).toBe(404);
    expect((await mine.agent.get('/api/properties/99999999999')).statusCode).toBe(404);
  });

  it('updates some fields, validates them, and keeps the status derived', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const res = await agent.put(`/api/properties/${property.id}`, { city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'ca', status: 'compliant' });
    expect(res.statusCode).toBe(200);
    // No inspected item: the status the client sent does not stick (DECISIONS).
    expect(res.json()).toMatchObject({ city: 'Toronto', country: 'ca', status: 'pending', name: property.name });
    const bad = await agent.put(`/api/properties/${property.id}`, { city: '', managerEmail: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ city: ['City is required'], managerEmail: ['Invalid email address'] });
  });

  it('checks a changed state or postal code against the country the property will have', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, { state: 'MA', zip: '02110', country: 'us' });
    const zip = await agent.put(`/api/properties/${property.id}`, { zip: 'ABCDE' });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().fieldErrors).toEqual({ zip: ['Enter a 5-digit ZIP code (e.g. 02110) or ZIP+4 (02110-1234)'] });
    // Moving it to Canada without a Canadian province and postal code is refused.
    const moved = await agent.put(`/api/properties/${property.id}`, { country: 'ca' });
    expect(Object.keys(moved.json().fieldErrors).sort()).toEqual(['state', 'zip']);
    const named = await agent.put(`/api/properties/${property.id}`, { state: 'new york' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ state: 'NY', zip: '02110', country: 'us' });
  });

  it('leaves the fields a partial update does not name as they were', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, { propertyType: 'healthcare', country: 'ca' });
    const renamed = await agent.put(`/api/properties/${property.id}`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', propertyType: 'healthcare', country: 'ca' });
    // SPEC's client sends {status} after a completion: it must not reset anything either.
    const status = await agent.put(`/api/properties/${property.id}`, { status: 'compliant' });
    expect(status.json()).toMatchObject({ propertyType: 'healthcare', country: 'ca' });
  });

  it('deletes a property with its inspections, compliance items and reports', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const pool = ctx.runtime.pool;
    await pool.query(`insert into inspections (organization_id, property_id, inspection_type, due_date, assigned_to) values ($1, $2, 'fire_alarm', '2026-05-01', 'Sam')`, [user.id, property.id]);
    await pool.query(`insert into compliance_items (property_id, item_type, next_due_date) values ($1, 'fire_alarm', '2026-05-01')`, [property.id]);
    await pool.query(`insert into reports (organization_id, property_id, file_name) values ($1, $2, 'r.pdf')`, [user.id, property.id]);
    expect((await agent.delete(`/api/properties/${property.id}`)).json()).toEqual({ success: true });
    expect((await agent.get(`/api/properties/${property.id}`)).statusCode).toBe(404);
    for (const table of ['inspections', 'compliance_items', 'reports']) {
      expect((await pool.query(`select 1 from ${table} where property_id = $1`, [property.id])).rowCount).toBe(0);
    }
  });

  it('lists its reports newest first, a page at a time, and is 401 signed out', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const empty = await agent.get(`/api/properties/${property.id}/reports`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    for (const [file, day] of [['old.pdf', '2026-01-01'], ['new.pdf', '2026-03-01'], ['mid.pdf', '2026-02-01']]) {
      await ctx.runtime.pool.query(`insert into reports (organization_id, property_id, file_name, generated_date) values ($1, $2, $3, $4)`, [
        user.id,
        property.id,
        file,
        day,
      ]);
    }
    const page = await agent.get(`/api/properties/${property.id}/reports?limit=2`);
    expect(page.json().map((r: { fileName: string }) => r.fileName)).toEqual(['new.pdf', 'mid.pdf']);
    expect(page.headers['x-total-count']).toBe('3');
    const rest = await agent.get(`/api/properties/${property.id}/reports?limit=2&offset=2`);
    expect(rest.json().map((r: { fileName: string }) => r.fileName)).toEqual(['old.pdf']);
    expect((await agent.get(`/api/properties/${property.id}/reports?limit=x`)).statusCode).toBe(400);
    for (const res of [
      await ctx.agent().get(`/api/properties/${property.id}`),
      await ctx.agent().put(`/api/properties/${property.id}`, {}),
      await ctx.agent().delete(`/api/properties/${property.id}`),
      await ctx.agent().get(`/api/properties/${property.id}/reports`),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('GET /api/subscription/status', () => {
  it('reports the free limits and the counts behind them', async () => {
    const { agent, user } = await ctx.signedIn();
    expect((await agent.get('/api/subscription/status')).json()).toEqual({
      hasActiveSubscription: false,
      plan: 'free',
      propertyCount: 0,
      propertyLimit: 1,
      canCreateProperty: true,
      scheduledInspectionCount: 0,
      inspectionLimit: 1,
      canScheduleInspection: true,
      proUntil: null,
      onTrial: false,
      trialAvailable: true,
    });
    // Made as a user makes them, each followed by the status the plan banner reads.
    const property = await agent.post('/api/properties', propertyValues());
    expect(property.statusCode).toBe(201);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ propertyCount: 1, canCreateProperty: false, scheduledInspectionCount: 0 });
    const inspection = await agent.post('/api/inspections', { propertyId: property.json().id, inspectionType: 'fire_alarm', dueDate: '2030-01-15', assignedTo: 'Dana Cole' });
    expect(inspection.statusCode).toBe(201);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ scheduledInspectionCount: 1, canScheduleInspection: false });
    await grantPro(ctx.runtime.db, user.username);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({
      hasActiveSubscription: true,
      plan: 'pro',
      propertyLimit: -1,
      canCreateProperty: true,
      inspectionLimit: -1,
    });
    expect((await ctx.agent().get('/api/subscription/status')).statusCode).toBe(401);
  });
});

describe('GET /api/properties?propertyIds= (an Insight link to chosen properties)', () => {
  it('lists only the chosen properties, the total counting them, with the other filters as before', async () => {
    const { agent, user } = await proAccount();
    const db = ctx.runtime.db;
    const a = await createProperty(db, user.id, { name: 'Aspen Court' });
    const b = await createProperty(db, user.id, { name: 'Birch Hall' });
    await createProperty(db, user.id, { name: 'Cedar Lofts' });
    await ctx.runtime.pool.query(`update properties set has_failure = true, inspected = true where id = $1`, [a.id]);

    const chosen = await agent.get(`/api/properties?sort=name_asc&propertyIds=${b.id},${a.id},${b.id}`);
    expect(chosen.json().map((p: { name: string }) => p.name)).toEqual(['Aspen Court', 'Birch Hall']);
    expect(chosen.headers['x-total-count']).toBe('2');
    const failing = await agent.get(`/api/properties?status=non_compliant&propertyIds=${a.id},${b.id}`);
    expect(failing.json().map((p: { name: string }) => p.name)).toEqual(['Aspen Court']);
    expect(failing.headers['x-total-count']).toBe('1');
    expect((await agent.get('/api/properties')).headers['x-total-count']).toBe('3');
  });

  it("answers another organisation's property as nothing at all", async () => {
    const mine = await proAccount();
    const theirs = await ctx.signedIn();
    const ours = await createProperty(ctx.runtime.db, mine.user.id, { name: 'Ours' });
    const other = await createProperty(ctx.runtime.db, theirs.user.id, { name: 'Not Yours' });
    const none = await mine.agent.get(`/api/properties?propertyIds=${other.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect((await mine.agent.get(`/api/properties?propertyIds=${ours.id},${other.id}`)).json().map((p: { name: string }) => p.name)).toEqual(['Ours']);
  });

  it('rejects ids that are not positive whole numbers, or too many, naming the field', async () => {
    const { agent } = await ctx.signedIn();
    const fields = async (query: string) => {
      const res = await agent.get(`/api/properties?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().fieldErrors;
    };
    expect(await fields('propertyIds=1,x')).toEqual({ propertyIds: ['Property ids must be numbers separated by commas'] });
    expect(await fields('propertyIds=')).toEqual({ propertyIds: ['Property ids must be numbers separated by commas'] });
    expect(await fields('propertyIds=0')).toEqual({ propertyIds: ['Property ids must be at least 1'] });
    expect(JSON.stringify(await fields('propertyIds=99999999999'))).toContain('Unknown property');
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect(await fields(`propertyIds=${many}`)).toEqual({ propertyIds: ['Choose at most 500 properties'] });
  });
});
