import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSV_TEMPLATE, rowsFromCells } from '@shared/csv-import';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { wholeOrganization } from '../../access';
import { runStatusRecord } from '../../jobs/status-record';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { keptDashboardStats, keptPropertyCount, keptUpcomingInspectionCount } from './dashboard-counts.queries';
import { liveDashboardStats } from './dashboard.queries';

/**
 * The dashboard's counts kept by due day (dashboard_count_deltas) against the same counts made
 * from the records, after each kind of write a person makes, and on later days with no write.
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

const db = () => ctx.runtime.db;
const address = { propertyType: 'commercial', addressLine1: '1 Harbor Way', city: 'Salem', state: 'MA', zip: '01970', country: 'us', managerEmail: 'manager@example.com' };
/** Today in America/Chicago, the days around it, and the days on which something turns overdue or leaves "due soon". */
const DAYS = ['2026-04-09', '2026-04-10', '2026-04-11', '2026-04-12', '2026-04-13', '2026-04-18', '2026-04-20', '2026-05-11', '2026-05-13', '2026-07-01', '2027-05-01'];

async function liveCounts(organizationId: number, today: string) {
  const reach = wholeOrganization(organizationId);
  const stats = await liveDashboardStats(db(), reach, today);
  const { rows } = await ctx.runtime.pool.query(
    `select (select count(*)::int from properties where organization_id = $1) as properties,
       (select count(*)::int from inspections where organization_id = $1 and status in ('scheduled', 'in_progress')
          and due_date <= $2::date + 30) as upcoming`,
    [organizationId, today],
  );
  return { stats, properties: rows[0].properties as number, upcoming: rows[0].upcoming as number };
}

async function keptCounts(organizationId: number, today: string) {
  return {
    stats: await keptDashboardStats(db(), organizationId, today),
    properties: await keptPropertyCount(db(), organizationId),
    upcoming: await keptUpcomingInspectionCount(db(), organizationId, today),
  };
}

/** The kept counts equal the live ones on every day of DAYS; the live counts of today are returned. */
async function expectSame(organizationId: number) {
  for (const day of DAYS) expect(await keptCounts(organizationId, day), day).toEqual(await liveCounts(organizationId, day));
  return liveCounts(organizationId, '2026-04-10');
}

describe('the dashboard counts kept by due day', () => {
  it('equal the counts of the records after every kind of write, on any later day, and after the daily record sums them', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await ctx.signedIn({ timeZone: 'America/Chicago' });
    await grantPro(db(), s.user.username);
    const organizationId = s.user.id;
    const { agent } = s;
    const undo = async (response: { headers: Record<string, unknown> }) => {
      const res = await agent.post(`/api/undo/${response.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string}`, {});
      expect(res.statusCode, res.body).toBe(200);
    };
    const ok = <T extends { statusCode: number; body: string }>(res: T, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      return res;
    };
    const schedule = async (propertyId: number, inspectionType: string, dueDate: string) =>
      ok(await agent.post('/api/inspections', { propertyId, inspectionType, dueDate, assignedTo: 'Dana Cole' }), 201).json() as { id: number };

    // Add properties, one at a time and by import.
    const a = ok(await agent.post('/api/properties', { name: 'Harbor View', ...address }), 201).json() as { id: number };
    const b = ok(await agent.post('/api/properties', { name: 'Dock Street', ...address }), 201).json() as { id: number };
    const { rows } = rowsFromCells(Papa.parse<string[]>(CSV_TEMPLATE, { skipEmptyLines: 'greedy' }).data);
    ok(await agent.post('/api/properties/bulk-import', { filename: 'portfolio.csv', properties: rows }), 201);
    expect((await expectSame(organizationId)).properties).toBe(4);

    // An imported property with every item inspected and nothing failed is compliant until 7
    // days before its earliest due date (the columns the completions keep, set here directly).
    const { rows: imported } = await ctx.runtime.pool.query('select id from properties where organization_id = $1 and id <> all($2) order by id', [
      organizationId,
      [a.id, b.id],
    ]);
    const settle = (earliest: string | null, id = imported[0].id as number) =>
      ctx.runtime.pool.query('update properties set inspected = true, has_failure = false, earliest_due_date = $2 where id = $1', [id, earliest]);
    await settle('2026-04-20');
    await expectSame(organizationId);
    expect((await keptDashboardStats(db(), organizationId, '2026-04-12')).compliantCount).toBe(1);
    expect((await keptDashboardStats(db(), organizationId, '2026-04-13')).compliantCount).toBe(0);
    await settle(null, imported[1].id as number);
    expect((await expectSame(organizationId)).stats.compliantCount).toBe(2);

    // Schedule: overdue, today, due soon, past the upcoming window.
    const overdue = await schedule(a.id, 'fire_alarm', '2026-04-08');
    const soon = await schedule(a.id, 'sprinkler_system', '2026-04-12');
    await schedule(b.id, 'fire_alarm', '2026-04-10');
    const far = await schedule(b.id, 'emergency_lighting', '2026-06-20');
    let counts = await expectSame(organizationId);
    expect(counts.stats.overdueInspectionCount).toBeGreaterThanOrEqual(1);

    // Complete one as passed (the property's next due date moves), undo that and complete it
    // again, and complete one as failed with a deficiency.
    const passed = ok(await agent.put(`/api/inspections/${overdue.id}`, { status: 'completed', complianceStatus: 'compliant' }));
    await expectSame(organizationId);
    await undo(passed);
    await expectSame(organizationId);
    ok(await agent.put(`/api/inspections/${overdue.id}`, { status: 'completed', complianceStatus: 'compliant' }));
    await expectSame(organizationId);
    ok(
      await agent.put(`/api/inspections/${soon.id}`, {
        status: 'completed',
        complianceStatus: 'non_compliant',
        notes: 'Valve closed',
        deficiencies: [{ description: 'Main control valve closed', severity: 'critical' }],
      }),
    );
    await expectSame(organizationId);

    // Add a deficiency afterwards and correct both: the failure then counts as passed.
    ok(await agent.post(`/api/inspections/${soon.id}/deficiencies`, { description: 'Head painted over', severity: 'non_critical' }), 201);
    await expectSame(organizationId);
    const found = (await agent.get(`/api/properties/${a.id}/deficiencies`)).json() as { id: number }[];
    for (const deficiency of found) {
      ok(await agent.post(`/api/deficiencies/${deficiency.id}/correct`, { correctedOn: '2026-04-10', correctedBy: 'Kim Lee' }));
    }
    await expectSame(organizationId);

    // Reschedule into the window.
    ok(await agent.put(`/api/inspections/${far.id}`, { dueDate: '2026-04-11', rescheduleReason: 'Tenant asked' }));
    counts = await expectSame(organizationId);

    // Delete a property with its inspections, and undo that.
    const deleted = ok(await agent.delete(`/api/properties/${b.id}`));
    expect((await expectSame(organizationId)).properties).toBe(3);
    await undo(deleted);
    expect(await expectSame(organizationId)).toEqual(counts);

    // The daily record sums the rows to one per kind and day; twice gives the same rows and counts.
    const deltas = async () =>
      (
        await db().execute(
          sql`select kind::text, due_on::text, delta from dashboard_count_deltas where organization_id = ${organizationId} order by kind, due_on nulls first`,
        )
      ).rows;
    await runStatusRecord(db(), new Date('2026-04-10T18:00:00Z'));
    const summed = await deltas();
    expect(summed.filter((row) => row.kind === 'property')).toEqual([{ kind: 'property', due_on: null, delta: 4 }]);
    await runStatusRecord(db(), new Date('2026-04-10T19:00:00Z'));
    expect(await deltas()).toEqual(summed);
    expect(await expectSame(organizationId)).toEqual(counts);

    // The answer the dashboard gives is the kept one, and moves with the day with no write.
    const api = async () => ok(await agent.get('/api/dashboard/stats')).json();
    expect(await api()).toEqual(counts.stats);
    setNow('2026-04-14T15:00:00Z');
    expect(await api()).toEqual((await liveCounts(organizationId, '2026-04-14')).stats);
    expect(await api()).not.toEqual(counts.stats);

    // An organisation deleted takes its rows with it.
    await db().execute(sql`delete from organizations where id = ${organizationId}`);
    expect(await deltas()).toEqual([]);
  });
});
