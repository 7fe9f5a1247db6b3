import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { wholeOrganization } from '../../access';
import { runStatusRecord } from '../../jobs/status-record';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { onTimeMonths } from './insight.queries';
import { recordOnTimeMonths } from './on-time-months.queries';

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
const NOW = new Date('2026-04-10T15:00:00Z');

async function completed(organizationId: number, propertyId: number, dueDate: string, completedAt: string) {
  const row = await createInspectionRow(db(), { organizationId, propertyId, dueDate, status: 'completed' });
  await db().execute(sql`update inspections set completed_date = ${completedAt}, compliance_result = 'compliant' where id = ${row.id}`);
  return row;
}

async function kept(organizationId: number) {
  const { rows } = await db().execute(sql`
    select to_char(month, 'YYYY-MM') as month, time_zone, completed, on_time, median_days_late, recorded_at from on_time_months
    where organization_id = ${organizationId} order by month`);
  return rows;
}

describe('the on-time figure’s kept months', () => {
  it('are the figure’s own numbers, written once, and let go when a completion in them changes', async () => {
    setNow(NOW.toISOString());
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    await db().execute(sql`update organizations set time_zone = 'America/New_York' where id = ${organizationId}`);
    const a = await createProperty(db(), organizationId, { name: 'A' });
    // 23:30 in New York on 31 March counts in March, on time.
    await completed(organizationId, a.id, '2026-03-31', '2026-04-01T03:30:00Z');
    await completed(organizationId, a.id, '2026-03-10', '2026-03-15T15:00:00Z'); // 5 days late
    const late7 = await completed(organizationId, a.id, '2026-03-01', '2026-03-08T15:00:00Z'); // 7 days late
    await completed(organizationId, a.id, '2026-02-20', '2026-02-12T15:00:00Z'); // early
    await completed(organizationId, a.id, '2026-04-01', '2026-04-05T15:00:00Z'); // this month, 4 days late

    const ask = { reach: wholeOrganization(organizationId), propertyIds: undefined, today: '2026-04-10', timeZone: 'America/New_York' };
    const live = await onTimeMonths(db(), ask);
    expect(live.months[10]).toEqual({ month: '2026-03', completed: 3, onTime: 1, rate: 1 / 3, medianDaysLate: 6 });

    // The record keeps the eleven closed months; a second run writes nothing and changes no row.
    await runStatusRecord(db(), NOW);
    const first = await kept(organizationId);
    expect(first.map((r) => r.month)).toEqual([
      '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(first[10]).toMatchObject({ time_zone: 'America/New_York', completed: 3, on_time: 1, median_days_late: 6 });
    expect(await runStatusRecord(db(), NOW)).toMatchObject({ months: 0 });
    expect(await kept(organizationId)).toEqual(first);
    expect(await onTimeMonths(db(), ask)).toEqual(live);
    // The figure is read from them (a kept row is what it answers), the current month live.
    await db().execute(sql`update on_time_months set completed = 99 where organization_id = ${organizationId} and month = '2026-02-01'`);
    expect((await onTimeMonths(db(), ask)).months[9]).toMatchObject({ month: '2026-02', completed: 99 });
    await db().execute(sql`update on_time_months set completed = 1 where organization_id = ${organizationId} and month = '2026-02-01'`);

    // Completing an inspection today leaves the closed months kept.
    await completed(organizationId, a.id, '2026-04-09', '2026-04-10T14:00:00Z');
    expect(await kept(organizationId)).toHaveLength(11);

    // A past completion imported into March lets March go: the figure counts it at once.
    await completed(organizationId, a.id, '2026-03-20', '2026-03-25T15:00:00Z'); // 5 days late
    expect((await kept(organizationId)).map((r) => r.month)).not.toContain('2026-03');
    expect((await onTimeMonths(db(), ask)).months[10]).toEqual({ month: '2026-03', completed: 4, onTime: 1, rate: 0.25, medianDaysLate: 5 });
    await runStatusRecord(db(), NOW);
    expect((await kept(organizationId))[10]).toMatchObject({ month: '2026-03', completed: 4, on_time: 1, median_days_late: 5 });

    // Deleting one does too, and so does moving its due date.
    await db().execute(sql`delete from inspections where id = ${late7.id}`);
    expect((await onTimeMonths(db(), ask)).months[10]).toEqual({ month: '2026-03', completed: 3, onTime: 1, rate: 1 / 3, medianDaysLate: 5 });
    await runStatusRecord(db(), NOW);
    await db().execute(sql`update inspections set due_date = '2026-03-31' where organization_id = ${organizationId} and due_date = '2026-03-20'`);
    expect((await onTimeMonths(db(), ask)).months[10]).toEqual({ month: '2026-03', completed: 3, onTime: 2, rate: 2 / 3, medianDaysLate: 5 });

    // Kept months of another zone are not read: in UTC the 31 March completion is April's.
    await runStatusRecord(db(), NOW);
    await db().execute(sql`update organizations set time_zone = 'UTC' where id = ${organizationId}`);
    const utc = { ...ask, timeZone: 'UTC' };
    expect((await onTimeMonths(db(), utc)).months[10]).toEqual({ month: '2026-03', completed: 2, onTime: 1, rate: 0.5, medianDaysLate: 5 });
    await runStatusRecord(db(), NOW);
    expect((await kept(organizationId))[10]).toMatchObject({ month: '2026-03', time_zone: 'UTC', completed: 2 });
    expect((await onTimeMonths(db(), utc)).months[10]).toMatchObject({ completed: 2, onTime: 1 });
  });

  it('count a completion written into the month while it is being counted, never a count taken before it', async () => {
    setNow(NOW.toISOString());
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    const a = await createProperty(db(), organizationId, { name: 'A' });
    await completed(organizationId, a.id, '2026-03-10', '2026-03-15T15:00:00Z');
    const synced = await createInspectionRow(db(), { organizationId, propertyId: a.id, dueDate: '2026-03-20' });

    // Another member's completion into March (recorded offline, synced now) is being written.
    const writer = await ctx.runtime.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(`update inspections set status = 'completed', completed_date = '2026-03-25T15:00:00Z', compliance_result = 'compliant' where id = $1`, [synced.id]);
      const recording = recordOnTimeMonths(db(), NOW);
      // The record waits for it rather than counting March without it.
      await expect
        .poll(async () => (await ctx.runtime.pool.query(`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'on_time_months' and not l.granted`)).rows[0].n)
        .toBe(1);
      await writer.query('commit');
      await recording;
    } finally {
      writer.release();
    }
    expect((await kept(organizationId)).find((r) => r.month === '2026-03')).toMatchObject({ completed: 2, on_time: 0, median_days_late: 5 });
  });

  it('leave their months to the next run when writers keep them waiting', async () => {
    setNow(NOW.toISOString());
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    const a = await createProperty(db(), organizationId, { name: 'A' });
    const open = await createInspectionRow(db(), { organizationId, propertyId: a.id, dueDate: '2026-03-20' });
    const writer = await ctx.runtime.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(`update inspections set status = 'completed', completed_date = '2026-03-25T15:00:00Z', compliance_result = 'compliant' where id = $1`, [open.id]);
      expect(await recordOnTimeMonths(db(), NOW)).toBe(0);
      expect(await kept(organizationId)).toEqual([]);
      await writer.query('commit');
    } finally {
      writer.release();
    }
    expect(await recordOnTimeMonths(db(), NOW)).toBeGreaterThanOrEqual(11);
    expect((await kept(organizationId)).find((r) => r.month === '2026-03')).toMatchObject({ completed: 1, on_time: 0, median_days_late: 5 });
  });
});
