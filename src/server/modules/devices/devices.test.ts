import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MADE_TAG_ALPHABET } from '@shared/devices';
import type { DeviceRequirementResponse, DeviceResponse } from '@shared/schemas/device';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/**
 * Devices (issue 32, decision 042): one extinguisher or door at a time, with a tag unique across
 * Firemark, its own clocks counted as NFPA 10 counts them, rolled up to its safety item and the
 * property, reachable only by those who reach its property.
 */
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

const MADE_TAG = new RegExp(`^[${MADE_TAG_ALPHABET}]{7}$`);

async function owned(name = 'Harbor View') {
  setNow('2026-04-10T12:00:00Z');
  const owner = await proOwner(ctx, { fullName: 'Jordan Lee' });
  const property = await createProperty(ctx.runtime.db, owner.organization.id, { name });
  const add = (body: Record<string, unknown>, agent: Agent = owner.agent, propertyId = property.id) => agent.post(`/api/properties/${propertyId}/devices`, body);
  const added = async (body: Record<string, unknown>) => {
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeviceResponse;
  };
  const clocks = async (id: number) => {
    const res = await owner.agent.get(`/api/devices/${id}/requirements`);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json() as DeviceRequirementResponse[]).map((r) => [r.activity, r]));
  };
  const propertyStatus = async () => {
    const body = (await owner.agent.get(`/api/properties/${property.id}`)).json();
    return {
      property: body.status as string,
      items: Object.fromEntries(body.complianceItems.map((i: { itemType: string; status: string; nextDueDate: string | null }) => [i.itemType, { status: i.status, nextDueDate: i.nextDueDate }])),
    };
  };
  return { owner, property, add, added, clocks, propertyStatus };
}

const extinguisher = (extra: Record<string, unknown> = {}) => ({
  itemType: 'fire_extinguisher',
  location: { building: 'A', floor: '3', room: '301', description: 'by stair B door' },
  ...extra,
});

describe('devices', () => {
  it('adds a device with a made tag, bringing its safety item, and lists, reads, edits and deletes it', async () => {
    const s = await owned();
    const device = await s.added(extinguisher({ subtype: 'dry_chemical', rating: '5 lb', manufacturedOn: '2019-04', serialNumber: 'SN-1' }));
    expect(device).toMatchObject({
      propertyId: s.property.id,
      propertyName: 'Harbor View',
      itemType: 'fire_extinguisher',
      subtype: 'dry_chemical',
      rating: '5 lb',
      location: { building: 'A', floor: '3', room: '301', description: 'by stair B door' },
      manufacturedOn: '2019-04',
      status: 'in_service',
      openDeficiencies: 0,
    });
    expect(device.tag).toMatch(MADE_TAG);
    // The property had no extinguishers: "Add safety item" was done for it, so it keeps one schedule.
    const requirements = (await s.owner.agent.get(`/api/properties/${s.property.id}/requirements`)).json() as { itemType: string }[];
    expect(requirements.filter((r) => r.itemType === 'fire_extinguisher').length).toBeGreaterThan(0);

    const list = await s.owner.agent.get(`/api/properties/${s.property.id}/devices`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((d: DeviceResponse) => d.tag)).toEqual([device.tag]);
    expect((await s.owner.agent.get(`/api/devices/${device.id}`)).json()).toEqual(device);
    expect((await s.owner.agent.get(`/api/devices/by-tag/${device.tag.toLowerCase()}`)).json().id).toBe(device.id);

    const edited = await s.owner.agent.put(`/api/devices/${device.id}`, { location: { building: 'B', floor: '1' }, notes: 'Cabinet sticks' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ location: { building: 'B', floor: '1', room: null, description: null }, notes: 'Cabinet sticks', tag: device.tag, subtype: 'dry_chemical' });

    const deleted = await s.owner.agent.delete(`/api/devices/${device.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await s.owner.agent.get(`/api/devices/${device.id}`)).statusCode).toBe(404);
  });

  it('adds and deletes several devices of one item at the same time', async () => {
    const s = await owned();
    const first = await Promise.all([1, 2, 3].map(() => s.add(extinguisher({ subtype: 'co2', manufacturedOn: '2022-05' }))));
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const [deleted, added] = await Promise.all([
      Promise.all(first.map((r) => s.owner.agent.delete(`/api/devices/${r.json().id}`))),
      Promise.all([1, 2, 3].map(() => s.add(extinguisher({ subtype: 'co2', manufacturedOn: '2023-05' })))),
    ]);
    expect(deleted.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await s.owner.agent.get(`/api/properties/${s.property.id}/devices`)).headers['x-total-count']).toBe('3');
  });

  it('lists in walking order and filters by type, status and words', async () => {
    const s = await owned();
    const upper = await s.added(extinguisher({ location: { building: 'A', floor: '2' } }));
    const lower1 = await s.added(extinguisher({ location: { building: 'A', floor: '1', description: 'lobby' } }));
    const lower2 = await s.added(extinguisher({ location: { building: 'A', floor: '1', description: 'kitchen' } }));
    const door = await s.added({ itemType: 'fire_doors', location: { building: 'A', floor: '1' } });
    const ids = async (query = '') => (await s.owner.agent.get(`/api/properties/${s.property.id}/devices${query}`)).json().map((d: DeviceResponse) => d.id);
    expect(await ids()).toEqual([lower1.id, lower2.id, upper.id, door.id]);
    expect(await ids('?itemType=fire_doors')).toEqual([door.id]);
    expect(await ids('?q=KITCH')).toEqual([lower2.id]);
    await s.owner.agent.put(`/api/devices/${upper.id}`, { status: 'out_of_service', statusReason: 'Sent for recharge' });
    expect(await ids('?status=out_of_service')).toEqual([upper.id]);
    expect((await s.owner.agent.get(`/api/properties/${s.property.id}/devices?status=broken`)).statusCode).toBe(400);
  });

  it('answers 404 for another organisation’s device and a property not given, and 403 to a viewer who writes', async () => {
    const s = await owned();
    const other = await createProperty(ctx.runtime.db, s.owner.organization.id, { name: 'Elm Court' });
    const device = await s.added(extinguisher());
    const elsewhere = (await s.add(extinguisher(), s.owner.agent, other.id)).json() as DeviceResponse;

    const stranger = await proOwner(ctx, { fullName: 'Sam Stranger' });
    for (const res of [
      await stranger.agent.get(`/api/devices/${device.id}`),
      await stranger.agent.get(`/api/devices/${device.id}/requirements`),
      await stranger.agent.get(`/api/devices/${device.id}/history`),
      await stranger.agent.get(`/api/devices/by-tag/${device.tag}`),
      await stranger.agent.put(`/api/devices/${device.id}`, { notes: 'mine now' }),
      await stranger.agent.delete(`/api/devices/${device.id}`),
      await stranger.agent.get(`/api/properties/${s.property.id}/devices`),
      await stranger.agent.post(`/api/properties/${s.property.id}/devices`, extinguisher()),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }

    const manager = await addMember(ctx, s.owner.agent, { role: 'manager', propertyIds: [s.property.id] }, { fullName: 'Max Manager' });
    expect((await manager.agent.get(`/api/devices/${device.id}`)).statusCode).toBe(200);
    expect((await manager.agent.get(`/api/devices/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await manager.agent.put(`/api/devices/${elsewhere.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await manager.agent.get(`/api/devices/by-tag/${elsewhere.tag}`)).statusCode).toBe(404);
    expect((await manager.agent.post(`/api/properties/${other.id}/devices`, extinguisher())).statusCode).toBe(404);
    expect((await manager.agent.put(`/api/devices/${device.id}`, { notes: 'Checked' })).statusCode).toBe(200);

    const viewer = await addMember(ctx, s.owner.agent, { role: 'viewer', propertyIds: null }, { fullName: 'Vera Viewer' });
    expect((await viewer.agent.get(`/api/devices/${device.id}`)).statusCode).toBe(200);
    expect((await viewer.agent.post(`/api/properties/${s.property.id}/devices`, extinguisher())).statusCode).toBe(403);
    expect((await viewer.agent.put(`/api/devices/${device.id}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await viewer.agent.delete(`/api/devices/${device.id}`)).statusCode).toBe(403);
  });

  it('makes tags that differ, keeps typed ones upper case, and refuses a tag in use anywhere', async () => {
    const s = await owned();
    const made = await Promise.all([1, 2, 3, 4, 5].map(() => s.added(extinguisher())));
    expect(new Set(made.map((d) => d.tag)).size).toBe(5);
    const typed = await s.added(extinguisher({ tag: 'ext-101' }));
    expect(typed.tag).toBe('EXT-101');

    const stranger = await proOwner(ctx, { fullName: 'Sam Stranger' });
    const theirs = await createProperty(ctx.runtime.db, stranger.organization.id, { name: 'Their Place' });
    const taken = await stranger.agent.post(`/api/properties/${theirs.id}/devices`, extinguisher({ tag: 'Ext-101' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ tag: ['This tag is already in use. Leave it empty to have one made.'] });
    const renamed = await s.owner.agent.put(`/api/devices/${made[0]!.id}`, { tag: 'EXT-101' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fieldErrors).toEqual({ tag: ['This tag is already in use. Leave it empty to have one made.'] });
    expect((await s.add(extinguisher({ tag: 'a b' }))).json().fieldErrors.tag).toBeDefined();
    expect((await s.add(extinguisher({ subtype: 'plutonium' }))).json().fieldErrors.subtype).toBeDefined();
  });
});

describe('a device’s dates (NFPA 10 (2022) 7.3.3.1, Table 8.3.1; decision 042)', () => {
  it('counts the 5-year hydrostatic test of a CO2 unit from its month of manufacture, due by the end of the month', async () => {
    const s = await owned();
    const co2 = await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2020-02' }));
    const c = await s.clocks(co2.id);
    expect(c['5-year hydrostatic test']).toMatchObject({ countsFrom: 'manufacture', nextDueDate: '2025-02-28', dueUnknownReason: null, source: 'NFPA 10 (2022) Table 8.3.1' });
    // Its agent needs no 12-year test nor the 6-year maintenance of stored-pressure dry chemical.
    expect(c['12-year hydrostatic test']).toBeUndefined();
    expect(c['6-year internal examination']).toBeUndefined();
    expect(c['Monthly visual inspection']).toMatchObject({ countsFrom: 'last_done', lastDoneOn: null });
  });

  it('counts the 12-year test and the 6-year maintenance of dry chemical from manufacture, to the last day of the month', async () => {
    const s = await owned();
    const dry = await s.added(extinguisher({ subtype: 'dry_chemical', manufacturedOn: '2014-03' }));
    const c = await s.clocks(dry.id);
    expect(c['12-year hydrostatic test']).toMatchObject({ countsFrom: 'manufacture', nextDueDate: '2026-03-31' });
    expect(c['6-year internal examination']).toMatchObject({ countsFrom: 'manufacture', nextDueDate: '2020-03-31' });
    expect(c['5-year hydrostatic test']).toBeUndefined();
    expect(dry.compliance).toBe('overdue');
    expect(dry.nextDueDate).toBe('2020-03-31');
  });

  it('counts from the last one done once done: 2024-02-29 plus 12 months is 2025-02-28', async () => {
    const s = await owned();
    const dry = await s.added(extinguisher({ subtype: 'dry_chemical', manufacturedOn: '2014-03' }));
    await ctx.runtime.db.execute(sql`
      update device_requirements dr set last_done_on = '2024-02-29', last_result = 'compliant'
      from requirements r where r.id = dr.requirement_id and dr.device_id = ${dry.id} and r.activity in ('Annual maintenance', '12-year hydrostatic test')`);
    // Any change to the device counts its clocks again.
    expect((await s.owner.agent.put(`/api/devices/${dry.id}`, { notes: 'Hydro test done' })).statusCode).toBe(200);
    const c = await s.clocks(dry.id);
    expect(c['Annual maintenance']).toMatchObject({ lastDoneOn: '2024-02-29', nextDueDate: '2025-02-28' });
    expect(c['12-year hydrostatic test']).toMatchObject({ lastDoneOn: '2024-02-29', nextDueDate: '2036-02-29' });
  });

  it('restarts the 6-year maintenance at a passed 12-year hydrostatic test of the same unit', async () => {
    const s = await owned();
    const dry = await s.added(extinguisher({ subtype: 'dry_chemical', manufacturedOn: '2014-03' }));
    await ctx.runtime.db.execute(sql`
      update device_requirements dr set last_done_on = '2026-03-16', last_result = 'compliant'
      from requirements r where r.id = dr.requirement_id and dr.device_id = ${dry.id} and r.activity = '12-year hydrostatic test'`);
    await s.owner.agent.put(`/api/devices/${dry.id}`, { notes: 'Hydro test passed' });
    const c = await s.clocks(dry.id);
    expect(c['12-year hydrostatic test']).toMatchObject({ nextDueDate: '2038-03-16' });
    expect(c['6-year internal examination']).toMatchObject({ lastDoneOn: null, nextDueDate: '2032-03-16' });
  });

  it('shows a date counted from manufacture as not known while the month is missing, and counts it once given', async () => {
    const s = await owned();
    const unit = await s.added(extinguisher({ subtype: 'co2' }));
    const before = await s.clocks(unit.id);
    expect(before['5-year hydrostatic test']).toMatchObject({ nextDueDate: null, dueUnknownReason: 'Not known: add the month of manufacture' });
    // The device is due by its dates that are known (the annual maintenance it joined), not by a guess.
    expect((await s.owner.agent.get(`/api/devices/${unit.id}`)).json().nextDueDate).toBe(before['Annual maintenance']!.nextDueDate);
    await s.owner.agent.put(`/api/devices/${unit.id}`, { manufacturedOn: '2024-01' });
    expect((await s.clocks(unit.id))['5-year hydrostatic test']).toMatchObject({ nextDueDate: '2029-01-31', dueUnknownReason: null });
  });

  it('follows the answers about the item and its own: a non-rechargeable unit is replaced 12 years after its month of manufacture', async () => {
    const s = await owned();
    const unit = await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2020-02' }));
    const replacement = 'Replace non-rechargeable units (12 years from manufacture)';
    // Not answered yet: both the hydrostatic test and the replacement are listed, as for the item.
    expect(Object.keys(await s.clocks(unit.id))).toEqual(expect.arrayContaining(['5-year hydrostatic test', replacement]));
    const answered = await s.owner.agent.put(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`, { answers: { recharge: ['rechargeable'] } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await s.clocks(unit.id))[replacement]).toBeUndefined();
    // Its own answer overrides the item's: this one unit is disposable.
    await s.owner.agent.put(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`, { answers: { recharge: ['rechargeable', 'non_rechargeable'] } });
    await s.owner.agent.put(`/api/devices/${unit.id}`, { answers: { recharge: ['non_rechargeable'] } });
    const c = await s.clocks(unit.id);
    expect(c['5-year hydrostatic test']).toBeUndefined();
    expect(c[replacement]).toMatchObject({ countsFrom: 'manufacture', nextDueDate: '2032-02-29' });
  });

  it('follows a change of agent: the 5-year test goes and the 12-year test comes', async () => {
    const s = await owned();
    const unit = await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2021-07' }));
    await s.owner.agent.put(`/api/devices/${unit.id}`, { subtype: 'dry_chemical' });
    const c = await s.clocks(unit.id);
    expect(c['5-year hydrostatic test']).toBeUndefined();
    expect(c['12-year hydrostatic test']).toMatchObject({ nextDueDate: '2033-07-31' });
  });
});

describe('the roll-up to the safety item and the property', () => {
  it('makes the item due at its earliest device date', async () => {
    const s = await owned();
    await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2020-02' }));
    const status = await s.propertyStatus();
    expect(status.items.fire_extinguisher).toEqual({ status: 'overdue', nextDueDate: '2025-02-28' });
    expect(status.property).toBe('non_compliant');
  });

  it('makes the item and the property non-compliant while a device is out of service, and compliant again when it is back', async () => {
    const s = await owned();
    // Fire doors have one requirement (NFPA 80's annual inspection): inspected and passed.
    const { id } = (await s.owner.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_doors', dueDate: '2026-04-10', assignedTo: 'Dana Cole' })).json();
    expect((await s.owner.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'Checked' })).statusCode).toBe(200);
    const door = await s.added({ itemType: 'fire_doors', location: { building: 'A', floor: '1', description: 'stair A' } });
    expect(await s.propertyStatus()).toEqual({ property: 'compliant', items: { fire_doors: { status: 'compliant', nextDueDate: '2027-04-10' } } });

    const out = await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'out_of_service', statusReason: 'Closer broken' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ status: 'out_of_service', statusReason: 'Closer broken', compliance: 'non_compliant' });
    expect(await s.propertyStatus()).toMatchObject({ property: 'non_compliant', items: { fire_doors: { status: 'non_compliant' } } });

    const back = await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'in_service' });
    expect(back.json()).toMatchObject({ status: 'in_service', statusReason: null });
    expect(await s.propertyStatus()).toEqual({ property: 'compliant', items: { fire_doors: { status: 'compliant', nextDueDate: '2027-04-10' } } });

    expect((await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'out_of_service' })).json().fieldErrors).toEqual({ statusReason: ['Say why it is out of service'] });
  });

  it('counts a replaced device out: the item follows the one that took its place', async () => {
    const s = await owned();
    const old = await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2010-01' }));
    const fresh = await s.added(extinguisher({ subtype: 'co2', manufacturedOn: '2026-01' }));
    expect((await s.propertyStatus()).items.fire_extinguisher.nextDueDate).toBe('2015-01-31');
    const replaced = await s.owner.agent.put(`/api/devices/${old.id}`, { status: 'replaced', replacedById: fresh.id, statusReason: 'Shell corroded' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ status: 'replaced', replacedById: fresh.id, nextDueDate: null });
    expect((await s.propertyStatus()).items.fire_extinguisher.nextDueDate).not.toBe('2015-01-31');
    expect((await s.owner.agent.put(`/api/devices/${fresh.id}`, { status: 'replaced', replacedById: fresh.id })).statusCode).toBe(400);
  });
});

describe('a device’s history', () => {
  it('keeps its addition, edits and status changes, lists a deficiency found on it, and refuses to delete it then', async () => {
    const s = await owned();
    const door = await s.added({ itemType: 'fire_doors', location: { building: 'A', floor: '1' } });
    await s.owner.agent.put(`/api/devices/${door.id}`, { notes: 'Painted shut once' });
    await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'out_of_service', statusReason: 'Closer broken' });
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: s.owner.organization.id, propertyId: s.property.id, dueDate: '2026-04-10', inspectionType: 'fire_doors' });
    await ctx.runtime.db.execute(sql`
      insert into deficiencies (organization_id, property_id, inspection_id, item_type, device_id, description, severity)
      values (${s.owner.organization.id}, ${s.property.id}, ${inspection.id}, 'fire_doors', ${door.id}, 'Self-closer does not latch', 'impairment')`);
    await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'in_service' });
    // Back in service, but a deficiency found on it is open: the item stays non-compliant.
    expect((await s.owner.agent.get(`/api/devices/${door.id}`)).json()).toMatchObject({ compliance: 'non_compliant', openDeficiencies: 1 });
    expect((await s.propertyStatus()).items.fire_doors.status).toBe('non_compliant');

    const history = await s.owner.agent.get(`/api/devices/${door.id}/history`);
    expect(history.statusCode).toBe(200);
    const entries = history.json() as { kind: string; summary: string; by: string | null }[];
    expect(entries.map((e) => [e.kind, e.summary, e.by])).toEqual([
      ['status', 'In service', 'Jordan Lee'],
      ['deficiency', 'Self-closer does not latch', null],
      ['status', 'Out of service: Closer broken', 'Jordan Lee'],
      ['status', 'Device edited: Notes', 'Jordan Lee'],
      ['status', 'Device added', 'Jordan Lee'],
    ]);

    const refused = await s.owner.agent.delete(`/api/devices/${door.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This device has inspection history. Mark it removed instead, so its record is kept.');
    expect((await s.owner.agent.put(`/api/devices/${door.id}`, { status: 'removed', statusReason: 'Wall taken down' })).json()).toMatchObject({ status: 'removed', compliance: 'non_compliant' });

    const events = (await s.owner.agent.get(`/api/properties/${s.property.id}/history`)).json();
    expect(JSON.stringify(events)).toContain('Device status changed');
  });
});
