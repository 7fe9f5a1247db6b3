import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeOrganization } from '../../access';
import { runStatusRecord } from '../../jobs/status-record';
import { createProperty } from '../../db/seed/properties';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { workloadWeeks } from './insight.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.runtime.db;

async function deltas(organizationId: number) {
  const { rows } = await db().execute(sql`
    select due_on::text, item_type, delta from requirement_due_deltas where organization_id = ${organizationId} order by due_on, item_type, delta`);
  return rows;
}

describe('the workload figure’s requirements due by day', () => {
  it('follow every change to requirements, so the whole organisation’s weeks are those counted live', async () => {
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    const a = await createProperty(db(), organizationId, { name: 'A' });
    const b = await createProperty(db(), organizationId, { name: 'B' });
    const whole = { reach: wholeOrganization(organizationId), propertyIds: undefined, today: '2026-04-08', timeZone: 'UTC' };
    // Counted live: the same properties chosen by id read the requirements themselves.
    const live = () => workloadWeeks(db(), { ...whole, propertyIds: [a.id, b.id] });
    const same = async () => {
      const kept = await workloadWeeks(db(), whole);
      expect(kept).toEqual(await live());
      return kept.weeks;
    };

    await db().execute(sql`
      insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date, has_open_inspection)
      values (${organizationId}, ${a.id}, 'emergency_lighting', 'Monthly test', 1, '2026-04-20', false),
             (${organizationId}, ${a.id}, 'fire_alarm', 'Annual test', 12, '2026-04-21', true),
             (${organizationId}, ${b.id}, 'emergency_lighting', 'Monthly test', 1, '2026-04-22', false),
             (${organizationId}, ${b.id}, 'sprinkler_system', 'Quarterly test', 3, '2026-03-01', false)`);
    let weeks = await same();
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', byType: { emergency_lighting: 2 }, total: 2 });

    // Scheduled, its open inspection closed, moved, switched off, and its property deleted.
    await db().execute(sql`update requirements set has_open_inspection = true where property_id = ${b.id} and item_type = 'emergency_lighting'`);
    weeks = await same();
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', byType: { emergency_lighting: 1 }, total: 1 });
    await db().execute(sql`update requirements set has_open_inspection = false where item_type = 'fire_alarm'`);
    await db().execute(sql`update requirements set next_due_date = '2026-05-04' where property_id = ${a.id} and item_type = 'emergency_lighting'`);
    await db().execute(sql`update requirements set next_due_date = '2026-04-09' where item_type = 'sprinkler_system'`);
    weeks = await same();
    expect(weeks[0]).toEqual({ weekStart: '2026-04-06', byType: { sprinkler_system: 1 }, total: 1 });
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', byType: { fire_alarm: 1 }, total: 1 });
    expect(weeks[4]).toEqual({ weekStart: '2026-05-04', byType: { emergency_lighting: 1 }, total: 1 });
    await db().execute(sql`update requirements set active = false where item_type = 'fire_alarm'`);
    await db().execute(sql`update requirements set activity = 'Monthly check' where item_type = 'emergency_lighting'`);
    weeks = await same();
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', byType: {}, total: 0 });
    await db().execute(sql`delete from properties where id = ${b.id}`);
    const afterDelete = await workloadWeeks(db(), whole);
    expect(afterDelete.weeks).toEqual((await workloadWeeks(db(), { ...whole, propertyIds: [a.id] })).weeks);
    expect(afterDelete.weeks[0]).toEqual({ weekStart: '2026-04-06', byType: {}, total: 0 });

    // The daily record sums them to a row per day and type; run twice, the same rows and weeks.
    await runStatusRecord(db(), new Date('2026-04-08T12:00:00Z'));
    const summed = await deltas(organizationId);
    expect(summed).toEqual([{ due_on: '2026-05-04', item_type: 'emergency_lighting', delta: 1 }]);
    await runStatusRecord(db(), new Date('2026-04-08T13:00:00Z'));
    expect(await deltas(organizationId)).toEqual(summed);
    expect((await workloadWeeks(db(), whole)).weeks).toEqual(afterDelete.weeks);

    // An organisation deleted takes its rows with it.
    await db().execute(sql`delete from organizations where id = ${organizationId}`);
    expect(await deltas(organizationId)).toEqual([]);
  });
});
