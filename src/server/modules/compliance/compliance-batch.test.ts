import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { settleRequirements, syncItems, syncProperties } from './compliance-batch.queries';
import { settleRequirement } from './compliance.queries';
import { settle } from './compliance.service';

/**
 * The set-based settle (the history import's) and the one-requirement settle every other
 * change uses must leave the same requirements, items and property, whatever the inspections.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

class Rollback extends Error {}

/** What settling leaves, read inside a transaction that is then rolled back. */
async function afterSettling(propertyId: number, how: (tx: DbOrTx) => Promise<void>) {
  let state: unknown;
  await ctx.runtime.db
    .transaction(async (tx) => {
      await how(tx);
      const requirements = await tx.execute(
        sql`select id, last_done_on::text, last_result, last_notes, next_due_date::text, window_opens_on::text, last_done_unknown, next_due_estimated, has_open_inspection from requirements where property_id = ${propertyId} order by id`,
      );
      const items = await tx.execute(sql`select item_type, status, next_due_date::text, last_inspection_date::text, notes,
        result_failed, devices_out_of_service, devices_with_open_deficiency from compliance_items where property_id = ${propertyId} order by item_type`);
      const property = await tx.execute(sql`select has_failure, inspected, earliest_due_date::text from properties where id = ${propertyId}`);
      state = { requirements: requirements.rows, items: items.rows, property: property.rows };
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return state;
}

describe('settling many requirements at once', () => {
  it('leaves what settling them one by one leaves', async () => {
    const s = await ctx.signedIn({ timeZone: 'America/Chicago' });
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    for (const itemType of ['fire_extinguisher', 'sprinkler_system', 'fire_alarm']) {
      expect((await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType, nextDueDate: '2026-01-15' })).statusCode).toBe(201);
    }
    const requirements = (await ctx.runtime.pool.query(`select id, item_type, principal, activity from requirements where property_id = $1 order by id`, [p.id])).rows;
    const id = (activity: string) => requirements.find((r) => r.activity === activity)!.id as number;
    const insert = (values: string) =>
      ctx.runtime.pool.query(
        `insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, completed_date, status, compliance_result, completion_notes, assigned_to)
         values ${values} returning id`,
      );
    const o = s.user.id;
    // Extinguishers: two annual completions (the later wins), one without a requirement (counts for
    // the principal one), a monthly completion without a result, and an open monthly inspection.
    await insert(`(${o}, ${p.id}, 'fire_extinguisher', ${id('Annual maintenance')}, '2025-03-01', '2025-03-01T18:00:00Z', 'completed', 'compliant', 'ok', 'A'),
      (${o}, ${p.id}, 'fire_extinguisher', null, '2025-06-01', '2025-06-02T03:00:00Z', 'completed', 'non_compliant', 'Gauge low', 'A'),
      (${o}, ${p.id}, 'fire_extinguisher', ${id('Monthly visual inspection')}, '2025-10-01', '2025-10-01T18:00:00Z', 'completed', null, null, 'A'),
      (${o}, ${p.id}, 'fire_extinguisher', ${id('Monthly visual inspection')}, '2025-11-20', null, 'scheduled', null, null, 'A')`);
    // Sprinklers: a failure whose deficiency was corrected counts as compliant.
    const [failed] = (await insert(`(${o}, ${p.id}, 'sprinkler_system', ${id('Quarterly inspection')}, '2025-09-01', '2025-09-01T18:00:00Z', 'completed', 'non_compliant', 'Valve', 'B')`)).rows;
    await ctx.runtime.pool.query(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on) values ($1, $2, $3, 'sprinkler_system', 'Valve 3', 'impairment', '2025-09-10')`,
      [o, p.id, failed.id],
    );
    // The alarm: a day said when it was added, with no result yet.
    await ctx.runtime.pool.query(`update requirements set last_done_stated_on = '2025-02-01', last_done_unknown = false where id = $1`, [id('Annual test')]);
    await ctx.runtime.pool.query(`update requirements set last_done_unknown = true, next_due_estimated = true where id = $1`, [id('12-year hydrostatic test')]);

    const ids = requirements.map((r) => r.id as number);
    const types = [...new Set(requirements.map((r) => r.item_type))];
    const oneByOne = await afterSettling(p.id, async (tx) => {
      for (const requirementId of ids) await settleRequirement(tx, requirementId, '2025-11-01');
      await settle(tx, { propertyId: p.id, itemTypes: types, today: '2025-11-01' });
    });
    const atOnce = await afterSettling(p.id, async (tx) => {
      await settleRequirements(tx, ids, '2025-11-01');
      await syncItems(tx, types.map((itemType) => ({ propertyId: p.id, itemType })));
      await syncProperties(tx, [p.id]);
    });
    expect(atOnce).toEqual(oneByOne);
    // And the case is not empty: the later annual completion, in Chicago's day, set the date.
    expect((oneByOne as { requirements: { id: number; last_done_on: string | null }[] }).requirements.find((r) => r.id === id('Annual maintenance'))).toMatchObject({ last_done_on: '2025-06-01' });
  });
});
