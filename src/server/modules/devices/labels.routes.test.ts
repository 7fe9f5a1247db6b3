import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { deviceRow } from '../../testing/device-rows';
import { pdfPages } from '../../testing/pdf-text';
import { pdfQrCodes } from '../../testing/pdf-qr-codes';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

/** An owner, one of their properties and `count` extinguishers on it, tagged L0001… */
async function propertyWithDevices(count: number, property: { name?: string } = {}, owner?: Awaited<ReturnType<typeof proOwner>>) {
  const who = owner ?? (await proOwner(ctx));
  const row = await createProperty(ctx.runtime.db, who.organization.id, { name: property.name ?? 'Harbor View Offices' });
  const prefix = `P${row.id}X`;
  const devices = [];
  for (let i = 0; i < count; i++) {
    devices.push(
      await deviceRow(ctx.runtime.db, {
        organizationId: who.organization.id,
        propertyId: row.id,
        tag: `${prefix}${String(i + 1).padStart(3, '0')}`,
        subtype: 'dry_chemical',
        rating: '5 lb',
        building: 'North wing',
        floor: String(1 + (i % 5)),
        room: `${100 + i}`,
        locationDescription: 'by stair B door',
        walkOrder: i,
      }),
    );
  }
  return { owner: who, property: row, devices };
}

const print = (agent: Agent, propertyId: number, body: unknown) => agent.post(`/api/properties/${propertyId}/labels`, body);
const urlOf = (tag: string) => `https://firemark.example.com/t/${tag}`;

describe('POST /api/properties/:id/labels', () => {
  it('prints Avery 5160 sheets: one page per 30 labels, each QR code scanning to its tag page, each tag printed', async () => {
    const { owner, property, devices } = await propertyWithDevices(32);
    const res = await print(owner.agent, property.id, { deviceIds: devices.map((d) => d.id), format: 'avery-5160' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('firemark-labels-harbor-view-offices.pdf');

    const codes = await pdfQrCodes(res.rawPayload);
    expect(codes.map((page) => page.length)).toEqual([30, 2]);
    expect(codes.flat().sort()).toEqual(devices.map((d) => urlOf(d.tag)).sort());

    const text = await pdfPages(res.rawPayload);
    expect(text).toHaveLength(2);
    const all = text.join('\n');
    for (const device of devices) expect(all).toContain(device.tag);
    expect(text[0]).toContain('Harbor View Offices');
    expect(text[0]).toContain('Fire extinguisher');
    expect(text[0]).toContain('North wing');
  }, 60_000);

  it('starts on the next free label of a used sheet, and lays out L7160 (21) and weatherproof (10) sheets', async () => {
    const { owner, property, devices } = await propertyWithDevices(11);
    const ids = devices.map((d) => d.id);
    const pagesOf = async (body: object) => {
      const res = await print(owner.agent, property.id, { deviceIds: ids, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (await pdfQrCodes(res.rawPayload)).map((page) => page.length);
    };
    expect(await pagesOf({ format: 'avery-5160', skip: 25 })).toEqual([5, 6]);
    expect(await pagesOf({ format: 'avery-l7160' })).toEqual([11]);
    expect(await pagesOf({ format: 'avery-l7160', skip: 20 })).toEqual([1, 10]);
    expect(await pagesOf({ format: 'weatherproof-2x4' })).toEqual([10, 1]);
  }, 60_000);

  it('prints a property and a location named in any script', async () => {
    const owner = await proOwner(ctx);
    const { property } = await propertyWithDevices(0, { name: '東京タワービル' }, owner);
    const device = await deviceRow(ctx.runtime.db, { organizationId: owner.organization.id, propertyId: property.id, tag: `JP${property.id}A`, building: 'Złota 44', room: 'Кухня' });
    const res = await print(owner.agent, property.id, { deviceIds: [device.id], format: 'avery-l7160' });
    expect(res.statusCode, res.body).toBe(200);
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('東京タワービル');
    expect(page).toContain('Złota 44');
    expect(page).toContain('Кухня');
    expect(await pdfQrCodes(res.rawPayload)).toEqual([[urlOf(device.tag)]]);
  }, 60_000);

  it("answers 404 for a device of another property or organisation, and for a property out of a member's reach", async () => {
    const { owner, property, devices } = await propertyWithDevices(2);
    const { devices: otherProperty } = await propertyWithDevices(1, {}, owner);
    const { devices: otherOrganisation } = await propertyWithDevices(1);

    const withOther = await print(owner.agent, property.id, { deviceIds: [devices[0]!.id, otherProperty[0]!.id], format: 'avery-5160' });
    expect(withOther.statusCode).toBe(404);
    expect(withOther.json().message).toBe('Device not found');
    expect((await print(owner.agent, property.id, { deviceIds: [otherOrganisation[0]!.id], format: 'avery-5160' })).statusCode).toBe(404);

    const limited = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: [otherProperty[0]!.propertyId] });
    const outOfReach = await print(limited.agent, property.id, { deviceIds: [devices[0]!.id], format: 'avery-5160' });
    expect(outOfReach.statusCode).toBe(404);
    expect(outOfReach.json().message).toBe('Property not found');
    const inReach = await print(limited.agent, otherProperty[0]!.propertyId, { deviceIds: [otherProperty[0]!.id], format: 'avery-5160' });
    expect(inReach.statusCode).toBe(200);
  }, 60_000);

  it('is for managers and up, signed in, with the sheet and devices chosen', async () => {
    const { owner, property, devices } = await propertyWithDevices(1);
    const inspector = await addMember(ctx, owner.agent, { role: 'inspector', propertyIds: null });
    const denied = await print(inspector.agent, property.id, { deviceIds: [devices[0]!.id], format: 'avery-5160' });
    expect(denied.statusCode).toBe(403);
    expect((await print(ctx.agent(), property.id, { deviceIds: [devices[0]!.id], format: 'avery-5160' })).statusCode).toBe(401);

    const invalid = await print(owner.agent, property.id, { deviceIds: [], format: 'avery-9999' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ deviceIds: ['Choose at least one device'], format: ['Choose a label sheet'] });
    const tooMany = await print(owner.agent, property.id, { deviceIds: [devices[0]!.id], format: 'weatherproof-2x4', skip: 10 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toEqual({ skip: ['A sheet of Weatherproof 2 x 4 in has 10 labels: skip at most 9'] });
  }, 60_000);
});
