import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceResponse } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

/**
 * A safety item non-compliant only because a device is out of service says so (issue 32): a
 * manager reading "failed inspection" would look for an inspection that never happened.
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

describe('the reason of a property with a device out of service', () => {
  it('says how many devices are out of service, in the list and on the verification page, with a failed inspection beside it, and nothing of them once they are back', async () => {
    setNow('2026-04-10T12:00:00Z');
    const owner = await proOwner(ctx, { fullName: 'Jordan Lee' });
    const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Harbor View' });
    const reason = async () => {
      const body = (await owner.agent.get(`/api/properties/${property.id}`)).json();
      const listed = (await owner.agent.get('/api/properties')).json() as { id: number; statusReason: string }[];
      // The list reads the same stored columns: it says the same.
      expect(listed.find((p) => p.id === property.id)?.statusReason).toBe(body.statusReason);
      return { status: body.status as string, reason: body.statusReason as string, item: body.complianceItems[0] };
    };
    // Fire doors have one requirement (NFPA 80's annual inspection): inspected and passed.
    const { id } = (
      await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_doors', dueDate: '2026-04-10', assignedTo: 'Dana Cole' })
    ).json();
    expect((await owner.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'Checked' })).statusCode).toBe(200);
    const add = async (description: string) => {
      const res = await owner.agent.post(`/api/properties/${property.id}/devices`, { itemType: 'fire_doors', location: { building: 'A', floor: '1', description } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as DeviceResponse;
    };
    const [stairA, stairB] = [await add('stair A'), await add('stair B')];
    const setStatus = async (device: DeviceResponse, status: string) => {
      const res = await owner.agent.put(`/api/devices/${device.id}`, status === 'out_of_service' ? { status, statusReason: 'Closer broken' } : { status });
      expect(res.statusCode, res.body).toBe(200);
    };

    await setStatus(stairA, 'out_of_service');
    await setStatus(stairB, 'out_of_service');
    expect(await reason()).toMatchObject({
      status: 'non_compliant',
      reason: 'Fire doors: 2 devices out of service',
      item: { status: 'non_compliant', resultFailed: false, devicesOutOfService: 2, devicesWithOpenDeficiency: 0 },
    });

    await setStatus(stairB, 'in_service');
    expect((await reason()).reason).toBe('Fire doors: 1 device out of service');
    // The report's verification page says the same (its snapshot is taken from the same items).
    const report = await owner.agent.post('/api/reports', { propertyId: property.id });
    expect(report.statusCode, report.body).toBe(201);
    const verified = await ctx.agent().get(`/api/verify/${(report.json().verifyPath as string).replace('/verify/', '')}`);
    expect(verified.json()).toMatchObject({ overallStatus: 'non_compliant', statusReason: 'Fire doors: 1 device out of service' });

    // A failed inspection as well: both are said.
    const failed = (
      await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_doors', dueDate: '2026-04-10', assignedTo: 'Dana Cole' })
    ).json();
    const completed = await owner.agent.put(`/api/inspections/${failed.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Door B wedged open' });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await reason()).reason).toBe('Fire doors failed inspection; fire doors: 1 device out of service');
    const passed = (
      await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_doors', dueDate: '2026-04-10', assignedTo: 'Dana Cole' })
    ).json();
    expect((await owner.agent.put(`/api/inspections/${passed.id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'Fixed' })).statusCode).toBe(200);
    expect((await reason()).reason).toBe('Fire doors: 1 device out of service');

    // Back in service: nothing is left to say of devices.
    await setStatus(stairA, 'in_service');
    expect(await reason()).toMatchObject({
      status: 'compliant',
      reason: 'Fire doors passed its last inspection; next due Apr 10, 2027',
      item: { status: 'compliant', resultFailed: false, devicesOutOfService: 0 },
    });
  });
});
