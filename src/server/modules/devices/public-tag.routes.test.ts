import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { deviceRequirementRow, deviceRow } from '../../testing/device-rows';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let tagCount = 0;
const nextTag = () => `PUB-${Date.now().toString(36).toUpperCase()}-${++tagCount}`;

/**
 * An extinguisher with everything private filled in, and its clocks: the monthly check done
 * in March 2026, the annual maintenance in November 2025, the 6-year maintenance never.
 */
async function taggedExtinguisher(organizationName = 'Acme Fire Protection') {
  const owner = await proOwner(ctx, { fullName: 'Olive Owner' });
  await ctx.runtime.db.execute(sql`update organizations set name = ${organizationName} where id = ${owner.organization.id}`);
  const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Secret Tower', addressLine1: '1 Hidden Lane' });
  const added = await owner.agent.post(`/api/properties/${property.id}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: '2026-12-01' });
  expect(added.statusCode, added.body).toBe(201);
  const requirements = added.json() as { id: number; intervalMonths: number | null }[];
  const monthly = requirements.find((r) => r.intervalMonths === 1)!;
  const annual = requirements.find((r) => r.intervalMonths === 12)!;
  const device = await deviceRow(ctx.runtime.db, {
    organizationId: owner.organization.id,
    propertyId: property.id,
    tag: nextTag(),
    subtype: 'dry_chemical',
    rating: '5 lb ABC',
    building: 'Private wing',
    floor: '7',
    room: 'Vault 12',
    locationDescription: 'behind the safe door',
    serialNumber: 'SN-998877',
    manufacturer: 'Amerex',
    model: 'B500',
    manufacturedOn: '2019-04-01',
    notes: 'Code for the cabinet is 4321',
  });
  await deviceRequirementRow(ctx.runtime.db, device, { requirementId: monthly.id, lastDoneOn: '2026-03-10', nextDueDate: '2026-04-10' });
  await deviceRequirementRow(ctx.runtime.db, device, { requirementId: annual.id, lastDoneOn: '2025-11-02', nextDueDate: '2026-11-02' });
  return { owner, property, device };
}

const PRIVATE = ['Secret Tower', 'Hidden Lane', 'Private wing', 'Vault 12', 'behind the safe door', 'SN-998877', 'Amerex', 'B500', '2019', '4321', 'Olive Owner', 'dry_chemical', '5 lb'];

describe('GET /api/tags/:tag (public)', () => {
  it('shows anyone only what a paper tag shows: type, months of the last inspection and maintenance, who, next due month, in service', async () => {
    const { device } = await taggedExtinguisher();
    const res = await ctx.agent().get(`/api/tags/${device.tag.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tag: device.tag,
      itemType: 'fire_extinguisher',
      lastInspectedMonth: '2026-03',
      lastMaintainedMonth: '2025-11',
      organizationName: 'Acme Fire Protection',
      nextDueMonth: '2026-04',
      inService: true,
    });
    for (const secret of PRIVATE) expect(res.body).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('says a device out of service is not in service, and one never done has no months', async () => {
    const owner = await proOwner(ctx);
    const property = await createProperty(ctx.runtime.db, owner.organization.id);
    const device = await deviceRow(ctx.runtime.db, { organizationId: owner.organization.id, propertyId: property.id, tag: nextTag(), status: 'out_of_service', statusReason: 'Discharged in the kitchen fire' });
    const res = await ctx.agent().get(`/api/tags/${device.tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inService: false, lastInspectedMonth: null, lastMaintainedMonth: null, nextDueMonth: null });
    expect(res.body).not.toContain('kitchen');
  });

  it('answers unknown, malformed, removed and replaced tags with the same plain 404', async () => {
    const { device, owner } = await taggedExtinguisher();
    const unknown = await ctx.agent().get('/api/tags/NO-SUCH-TAG');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No tag page', code: 'NOT_FOUND' });
    expect((await ctx.agent().get('/api/tags/%20%3Cscript%3E')).json()).toEqual(unknown.json());

    await ctx.runtime.db.execute(sql`update devices set status = 'removed' where id = ${device.id}`);
    const removed = await ctx.agent().get(`/api/tags/${device.tag}`);
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual(unknown.json());

    const replacement = await deviceRow(ctx.runtime.db, { organizationId: owner.organization.id, propertyId: device.propertyId, tag: nextTag() });
    await ctx.runtime.db.execute(sql`update devices set status = 'replaced', replaced_by_id = ${replacement.id} where id = ${device.id}`);
    expect((await ctx.agent().get(`/api/tags/${device.tag}`)).json()).toEqual(unknown.json());
    expect((await ctx.agent().get(`/api/tags/${replacement.tag}`)).statusCode).toBe(200);
  });

  it('is refused for a while to a client that asks too often', async () => {
    const other = await ctx.anotherInstance();
    try {
      const stranger = () => other.app.inject({ method: 'GET', url: '/api/tags/NOPE-1', remoteAddress: '203.0.113.77' });
      const answers = [];
      for (let i = 0; i < 121; i++) answers.push((await stranger()).statusCode);
      expect(answers.slice(0, 120).every((s) => s === 404)).toBe(true);
      const refused = await stranger();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await other.close();
    }
  });
});

describe('the public tag pages switch', () => {
  it('hides every tag page of the organisation when turned off, and shows them again when turned on', async () => {
    const { owner, device } = await taggedExtinguisher();
    expect((await owner.agent.get('/api/organizations/current/tag-pages')).json()).toEqual({ enabled: true });

    const off = await owner.agent.put('/api/organizations/current/tag-pages', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await owner.agent.get('/api/organizations/current/tag-pages')).json()).toEqual({ enabled: false });
    const hidden = await ctx.agent().get(`/api/tags/${device.tag}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'No tag page', code: 'NOT_FOUND' });

    // Another organisation's pages are untouched.
    const { device: theirs } = await taggedExtinguisher('Other Org');
    expect((await ctx.agent().get(`/api/tags/${theirs.tag}`)).statusCode).toBe(200);

    expect((await owner.agent.put('/api/organizations/current/tag-pages', { enabled: true })).json()).toEqual({ enabled: true });
    expect((await ctx.agent().get(`/api/tags/${device.tag}`)).statusCode).toBe(200);
  });

  it('is changed by those who manage settings, read by every member, with a clear message for bad input', async () => {
    const { owner } = await taggedExtinguisher();
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    expect((await manager.agent.get('/api/organizations/current/tag-pages')).json()).toEqual({ enabled: true });
    const denied = await manager.agent.put('/api/organizations/current/tag-pages', { enabled: false });
    expect(denied.statusCode).toBe(403);
    expect((await ctx.agent().put('/api/organizations/current/tag-pages', { enabled: false })).statusCode).toBe(401);
    expect((await ctx.agent().get('/api/organizations/current/tag-pages')).statusCode).toBe(401);

    const invalid = await owner.agent.put('/api/organizations/current/tag-pages', { enabled: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ enabled: ['Say whether public tag pages are on or off'] });
  });

  it('is in the OpenAPI document, beside the public tag page and the labels', async () => {
    const doc = (await ctx.agent().get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/api/organizations/current/tag-pages'])).toEqual(['get', 'put']);
    expect(doc.paths['/api/tags/{tag}'].get.security).toEqual([]);
    expect(doc.paths['/api/properties/{id}/labels'].post.responses['200'].content).toHaveProperty('application/pdf');
  });
});
