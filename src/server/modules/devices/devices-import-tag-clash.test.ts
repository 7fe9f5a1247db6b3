import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceResponse } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

/**
 * A made tag is checked free before it is written; another transaction can take it in between.
 * Here the tag maker hands out a tag already taken, as if that had happened: the unique index
 * refuses it and the batch is made again with new tags.
 */
const clash = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('./made-tags', async (importOriginal) => {
  const real = await importOriginal<typeof import('./made-tags')>();
  return {
    ...real,
    makeTags: (...args: Parameters<typeof real.makeTags>) => (clash.next.length && args[1] > 0 ? Promise.resolve(clash.next.splice(0, args[1])) : real.makeTags(...args)),
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('made tags taken by another addition at the same moment', () => {
  it('makes the batch again with new tags instead of failing', async () => {
    const owner = await proOwner(ctx);
    const property = await createProperty(ctx.runtime.db, owner.organization.id);
    const first = await owner.agent.post(`/api/properties/${property.id}/devices/import`, { rows: [{ itemType: 'Extinguisher', tag: 'TAKEN-1' }] });
    expect(first.statusCode, first.body).toBe(201);

    clash.next = ['TAKEN-1', 'FREE-2'];
    const res = await owner.agent.post(`/api/properties/${property.id}/devices/bulk`, { count: 2, itemType: 'fire_extinguisher' });
    expect(res.statusCode, res.body).toBe(201);
    const tags = (res.json() as DeviceResponse[]).map((d) => d.tag);
    expect(tags).toHaveLength(2);
    expect(tags).not.toContain('TAKEN-1');
    expect(tags).not.toContain('FREE-2');
    const count = await ctx.runtime.db.execute<{ n: string }>(sql`select count(*) as n from devices where property_id = ${property.id}`);
    expect(Number(count.rows[0]!.n)).toBe(3);
  });
});
