import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { setNow } from '../../testing/clock';

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

describe('GET /api/dashboard/stats', () => {
  it('counts properties, compliant ones, open inspections in the next 30 days and past due ones', async () => {
    setNow('2026-04-10T15:00:00Z');
    const { agent, user } = await ctx.signedIn({ timeZone: 'America/New_York' });
    const db = ctx.runtime.db;
    const a = await createProperty(db, user.id);
    const b = await createProperty(db, user.id);
    // Inspected, nothing failed, next due far ahead: compliant.
    await ctx.runtime.pool.query(`update properties set inspected = true, earliest_due_date = '2027-01-01' where id = $1`, [a.id]);
    const add = (dueDate: string, status: 'scheduled' | 'in_progress' | 'completed' = 'scheduled') =>
      createInspectionRow(db, { organizationId: user.id, propertyId: b.id, dueDate, status });
    await add('2026-04-09'); // overdue
    await add('2026-04-10'); // today: upcoming
    await add('2026-05-10', 'in_progress'); // day 30: upcoming
    await add('2026-05-11'); // day 31: neither
    await add('2026-04-01', 'completed'); // closed: neither

    // Another account's data never counts.
    const other = await ctx.signedIn();
    const theirs = await createProperty(db, other.user.id);
    await createInspectionRow(db, { organizationId: other.user.id, propertyId: theirs.id, dueDate: '2026-04-01' });

    expect((await agent.get('/api/dashboard/stats')).json()).toEqual({
      propertyCount: 2,
      compliantCount: 1,
      upcomingInspectionCount: 2,
      overdueInspectionCount: 1,
      upcomingNotScheduledCount: 0,
      overdueNotScheduledCount: 0,
    });
  });

  it('is 401 when signed out', async () => {
    expect((await ctx.agent().get('/api/dashboard/stats')).statusCode).toBe(401);
  });
});
