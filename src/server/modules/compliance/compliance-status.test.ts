import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { recordInspection, refreshPropertyStatuses } from './compliance.queries';

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

const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

async function propertyStatus(agent: Awaited<ReturnType<TestContext['signedIn']>>['agent'], id: number) {
  const body = (await agent.get(`/api/properties/${id}`)).json();
  return { property: body.status, items: Object.fromEntries(body.complianceItems.map((i: { itemType: string; status: string }) => [i.itemType, i.status])) };
}

describe('compliance statuses over time', () => {
  it('turns due soon 7 days ahead and overdue the day after, for items and the property', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'UTC' });
    await grantPro(ctx.runtime.db, user.username);
    const property = await createProperty(ctx.runtime.db, user.id);
    // Inspected on 2025-03-10 as compliant: next due 2026-03-10 (12 months).
    await recordInspection(ctx.runtime.db, { propertyId: property.id, itemType: 'fire_alarm', inspectedOn: '2025-03-10', result: 'compliant', notes: null });

    const check = async (iso: string) => {
      at(iso);
      await refreshPropertyStatuses(ctx.runtime.db, 'all', new Date());
      return propertyStatus(agent, property.id);
    };
    expect(await check('2026-03-02T12:00:00Z')).toEqual({ property: 'compliant', items: { fire_alarm: 'compliant' } });
    expect(await check('2026-03-03T12:00:00Z')).toEqual({ property: 'due_soon', items: { fire_alarm: 'due_soon' } });
    expect(await check('2026-03-10T23:59:00Z')).toEqual({ property: 'due_soon', items: { fire_alarm: 'due_soon' } });
    expect(await check('2026-03-11T00:00:00Z')).toEqual({ property: 'non_compliant', items: { fire_alarm: 'overdue' } });
  });

  it('counts days in the account\'s time zone', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'Pacific/Auckland' });
    const property = await createProperty(ctx.runtime.db, user.id);
    await recordInspection(ctx.runtime.db, { propertyId: property.id, itemType: 'smoke_detectors', inspectedOn: '2025-06-01', result: 'compliant', notes: null });
    // 12:30 UTC on May 31 is already June 1 in Auckland (UTC+12): the item is overdue there.
    at('2026-05-31T12:30:00Z');
    await refreshPropertyStatuses(ctx.runtime.db, { userId: user.id }, new Date());
    expect(await propertyStatus(agent, property.id)).toEqual({ property: 'due_soon', items: { smoke_detectors: 'due_soon' } });
    at('2026-06-01T12:30:00Z');
    await refreshPropertyStatuses(ctx.runtime.db, { userId: user.id }, new Date());
    expect(await propertyStatus(agent, property.id)).toEqual({ property: 'non_compliant', items: { smoke_detectors: 'overdue' } });
  });

  it('shows a property non-compliant while any item fails, and pending before any inspection', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    expect((await propertyStatus(agent, property.id)).property).toBe('pending');
    const today = new Date().toISOString().slice(0, 10);
    await recordInspection(ctx.runtime.db, { propertyId: property.id, itemType: 'fire_alarm', inspectedOn: today, result: 'compliant', notes: null });
    await recordInspection(ctx.runtime.db, { propertyId: property.id, itemType: 'sprinkler_system', inspectedOn: today, result: 'non_compliant', notes: 'Valve leaking' });
    await refreshPropertyStatuses(ctx.runtime.db, { propertyIds: [property.id] }, new Date());
    expect(await propertyStatus(agent, property.id)).toEqual({
      property: 'non_compliant',
      items: { fire_alarm: 'compliant', sprinkler_system: 'non_compliant' },
    });
    await recordInspection(ctx.runtime.db, { propertyId: property.id, itemType: 'sprinkler_system', inspectedOn: today, result: 'compliant', notes: null });
    await refreshPropertyStatuses(ctx.runtime.db, { propertyIds: [property.id] }, new Date());
    expect((await propertyStatus(agent, property.id)).property).toBe('compliant');
  });
});
