import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createDeviceSchema, type CreateDeviceInput } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { withTransaction } from '../../db/transaction';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { createDevices } from './devices.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Floors are text: added in an order where "10" sorts before "2" as text. */
const FLOORS = ['10', 'Roof', '2', '9', '1', null, '-1'];

describe('walking order', () => {
  it('lists numbered floors in their number’s order, then the others by name, then devices with no floor, on the Devices tab and the walk-through', async () => {
    const owner = await proOwner(ctx);
    const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Tower' });
    const devices: CreateDeviceInput[] = FLOORS.map((floor, i) => ({
      itemType: 'fire_extinguisher',
      subtype: 'dry_chemical',
      tag: `FLOOR-ORDER-${i}`,
      location: { building: 'A', ...(floor ? { floor } : {}) },
    }));
    await withTransaction(ctx.runtime.pool, ({ db }) =>
      createDevices(db, { organizationId: owner.organization.id, propertyId: property.id, today: todayInTimeZone('UTC') }, devices.map((d) => createDeviceSchema.parse(d))),
    );
    const expected = ['-1', '1', '2', '9', '10', 'Roof', null];

    const list = (await owner.agent.get(`/api/properties/${property.id}/devices`)).json() as { location: { floor: string | null } }[];
    expect(list.map((d) => d.location.floor)).toEqual(expected);

    const requirements = (await owner.agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; activity: string }[];
    const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
    const started = await owner.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthly.id });
    expect(started.statusCode, started.body).toBe(201);
    const walk = started.json() as { devices: { floor: string | null }[] };
    expect(walk.devices.map((d) => d.floor)).toEqual(expected);
  });
});
