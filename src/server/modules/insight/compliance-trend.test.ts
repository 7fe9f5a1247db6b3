import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runStatusRecord } from '../../jobs/status-record';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deriveStatusHistory } from './status-record.queries';

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

async function completed(organizationId: number, propertyId: number, completedAt: string, result: 'compliant' | 'non_compliant') {
  const row = await createInspectionRow(db(), { organizationId, propertyId, dueDate: completedAt.slice(0, 10), status: 'completed' });
  await db().execute(sql`update inspections set completed_date = ${completedAt}, compliance_result = ${result} where id = ${row.id}`);
  return row;
}

const setStatus = (propertyId: number, hasFailure: boolean, inspected: boolean, due: string | null) =>
  db().execute(sql`update properties set has_failure = ${hasFailure}, inspected = ${inspected}, earliest_due_date = ${due} where id = ${propertyId}`);

async function rowsOf(organizationId: number) {
  const changes = await db().execute(sql`
    select property_id, day::text, has_failure, inspected, earliest_due_date::text as due, source from property_status_changes
    where organization_id = ${organizationId} order by property_id, day`);
  const days = await db().execute(sql`
    select day::text, compliant, pending, non_compliant, total, unknown from status_days where organization_id = ${organizationId} order by day`);
  return { changes: changes.rows, days: days.rows };
}

type Week = { weekStart: string; compliant: number; pending: number; nonCompliant: number; total: number; known: boolean };
const counts = (w: Week) => [w.compliant, w.pending, w.nonCompliant, w.total, w.known];

/**
 * A portfolio in New York: Pier (items since January 2025) first inspected at 23:30 on Sunday
 * 4 January 2026, monthly, compliant; it falls overdue on 5 February and fails on 2 March.
 * Quay is added on 10 February with nothing inspected. The record begins on 20 February.
 */
describe('compliance over time and the daily status record', () => {
  it('derives the history, records each day once, and counts each week on its Sunday', async () => {
    const { agent, organization } = await proOwner(ctx);
    const organizationId = organization.id;
    await db().execute(sql`update organizations set time_zone = 'America/New_York' where id = ${organizationId}`);
    const pier = await createProperty(db(), organizationId, { name: 'Pier', createdAt: new Date('2025-01-01T12:00:00Z') });
    await db().execute(sql`
      insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date, principal)
      values (${organizationId}, ${pier.id}, 'fire_extinguisher', 'Monthly inspection', 1, '2026-02-04', true)`);
    await db().execute(sql`
      insert into compliance_items (property_id, item_type, status, created_at) values (${pier.id}, 'fire_extinguisher', 'compliant', '2025-01-01T12:00:00Z')`);
    // Sunday 4 January, 23:30 in New York (Monday by UTC): due again 4 February.
    await completed(organizationId, pier.id, '2026-01-05T04:30:00Z', 'compliant');
    const quay = await createProperty(db(), organizationId, { name: 'Quay', createdAt: new Date('2026-02-10T17:00:00Z') });

    // The record begins on 20 February: Pier's history before it is derived.
    await setStatus(pier.id, false, true, '2026-02-04');
    expect(await runStatusRecord(db(), new Date('2026-02-20T17:00:00Z'))).toMatchObject({ derived: 1 });
    let rows = await rowsOf(organizationId);
    expect(rows.changes).toEqual([
      { property_id: pier.id, day: '2026-01-04', has_failure: false, inspected: true, due: '2026-02-04', source: 'derived' },
      { property_id: quay.id, day: '2026-02-20', has_failure: false, inspected: false, due: null, source: 'recorded' },
    ]);
    // The day's counts, and the year's Sundays before it from the derived history (Quay not known on the 15th).
    const day = (d: string) => rows.days.find((r) => r.day === d);
    expect(rows.days).toHaveLength(53);
    expect(day('2026-02-20')).toEqual({ day: '2026-02-20', compliant: 0, pending: 1, non_compliant: 1, total: 2, unknown: 0 });
    expect(day('2026-02-15')).toEqual({ day: '2026-02-15', compliant: 0, pending: 1, non_compliant: 1, total: 2, unknown: 1 });
    expect(day('2026-02-01')).toEqual({ day: '2026-02-01', compliant: 1, pending: 0, non_compliant: 0, total: 1, unknown: 0 });
    expect(day('2025-02-23')).toEqual({ day: '2025-02-23', compliant: 0, pending: 1, non_compliant: 0, total: 1, unknown: 1 });
    // Deriving again writes nothing.
    expect(await deriveStatusHistory(db(), organizationId, new Date('2026-02-20T17:00:00Z'))).toBe(0);

    // Pier fails on 2 March (the evening, in New York), recorded that day.
    await completed(organizationId, pier.id, '2026-03-02T23:00:00Z', 'non_compliant');
    await setStatus(pier.id, true, true, '2026-04-02');
    await runStatusRecord(db(), new Date('2026-03-03T03:00:00Z'));
    // Corrected by 8 April: recorded then, twice, with the same rows.
    await setStatus(pier.id, false, true, '2026-05-01');
    await runStatusRecord(db(), new Date('2026-04-08T15:00:00Z'));
    const once = await rowsOf(organizationId);
    expect(await runStatusRecord(db(), new Date('2026-04-08T16:00:00Z'))).toEqual({ derived: 0, changes: 0, days: 1, months: 0 });
    rows = await rowsOf(organizationId);
    expect(rows.changes).toEqual(once.changes);
    expect(rows.days.map((d) => d.day).slice(-3)).toEqual(['2026-02-20', '2026-03-02', '2026-04-08']);
    expect(rows.days).toEqual(once.days);
    expect(rows.changes.filter((c) => c.property_id === pier.id).map((c) => [c.day, c.has_failure, c.source])).toEqual([
      ['2026-01-04', false, 'derived'],
      ['2026-03-02', true, 'recorded'],
      ['2026-04-08', false, 'recorded'],
    ]);

    setNow('2026-04-08T17:00:00Z'); // Wednesday
    const res = await agent.get('/api/insight/compliance-trend');
    expect(res.statusCode, res.body).toBe(200);
    const weeks: Week[] = res.json().weeks;
    expect(weeks).toHaveLength(53);
    expect(weeks[0]!.weekStart).toBe('2025-04-07');
    expect(weeks[52]!.weekStart).toBe('2026-04-06');
    const week = (start: string) => counts(weeks.find((w) => w.weekStart === start)!);
    // Before its first inspection Pier's status cannot be known: counted as pending, not known.
    expect(week('2025-04-07')).toEqual([0, 1, 0, 1, false]);
    expect(week('2025-12-29')).toEqual([1, 0, 0, 1, true]); // read on Sunday 4 January, after 23:30
    expect(week('2026-01-26')).toEqual([1, 0, 0, 1, true]);
    expect(week('2026-02-02')).toEqual([0, 0, 1, 1, true]); // overdue from 5 February
    expect(week('2026-02-09')).toEqual([0, 1, 1, 2, false]); // Quay added, not yet recorded
    expect(week('2026-02-16')).toEqual([0, 1, 1, 2, true]);
    expect(week('2026-03-02')).toEqual([0, 1, 1, 2, true]); // failed
    expect(week('2026-03-30')).toEqual([0, 1, 1, 2, true]);
    expect(week('2026-04-06')).toEqual([1, 1, 0, 2, true]); // this week, read from the properties
    expect(weeks.filter((w) => !w.known)).toHaveLength(39);

    // Chosen properties and reach narrow the counts.
    const chosen: Week[] = (await agent.get(`/api/insight/compliance-trend?propertyIds=${quay.id}`)).json().weeks;
    expect(counts(chosen.find((w) => w.weekStart === '2026-03-02')!)).toEqual([0, 1, 0, 1, true]);
    expect(counts(chosen[0]!)).toEqual([0, 0, 0, 0, true]);
    const manager = await addMember(ctx, agent, { role: 'manager', propertyIds: [pier.id] });
    const limited: Week[] = (await manager.agent.get('/api/insight/compliance-trend')).json().weeks;
    expect(counts(limited.find((w) => w.weekStart === '2026-03-02')!)).toEqual([0, 0, 1, 1, true]);

    // The Sundays from 22 February have no daily counts (the record did not run then): the same
    // weeks come from the changes, as they do for a chosen set.
    const both: Week[] = (await agent.get(`/api/insight/compliance-trend?propertyIds=${pier.id},${quay.id}`)).json().weeks;
    expect(both).toEqual(weeks);

    const csv = await agent.get('/api/insight/compliance-trend?format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="firemark-compliance-trend-2026-04-08.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Week starting,Compliant,Pending,Non-compliant,Properties,Known');
    expect(lines).toHaveLength(54);
    expect(lines[1]).toBe('2025-04-07,0,1,0,1,No');
    expect(lines[53]).toBe('2026-04-06,1,1,0,2,Yes');
  });
});

describe('compliance over time for a whole organisation', () => {
  it('reads the daily counts when every Sunday has them, with the same numbers as the changes give', async () => {
    const { agent, organization } = await proOwner(ctx);
    const organizationId = organization.id;
    await db().execute(sql`update organizations set time_zone = 'Europe/London' where id = ${organizationId}`);
    const dock = await createProperty(db(), organizationId, { name: 'Dock', createdAt: new Date('2025-06-01T12:00:00Z') });
    await db().execute(sql`
      insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date, principal)
      values (${organizationId}, ${dock.id}, 'fire_extinguisher', 'Monthly inspection', 1, '2026-05-01', true)`);
    await db().execute(sql`insert into compliance_items (property_id, item_type, status, created_at) values (${dock.id}, 'fire_extinguisher', 'compliant', '2025-06-01T12:00:00Z')`);
    await completed(organizationId, dock.id, '2025-11-03T10:00:00Z', 'compliant'); // due 3 December, overdue from the 4th
    const failed = await completed(organizationId, dock.id, '2026-01-12T10:00:00Z', 'non_compliant');
    // Its one deficiency corrected on 20 January: passing again, due 12 February.
    await db().execute(sql`
      insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on)
      values (${organizationId}, ${dock.id}, ${failed.id}, 'fire_extinguisher', 'Missing tag', 'non_critical', '2026-01-20')`);
    await completed(organizationId, dock.id, '2026-04-01T10:00:00Z', 'compliant');
    await setStatus(dock.id, false, true, '2026-05-01');
    await runStatusRecord(db(), new Date('2026-04-08T12:00:00Z'));

    setNow('2026-04-08T12:00:00Z');
    const whole: Week[] = (await agent.get('/api/insight/compliance-trend')).json().weeks;
    const chosen: Week[] = (await agent.get(`/api/insight/compliance-trend?propertyIds=${dock.id}`)).json().weeks;
    expect(whole).toEqual(chosen);
    const week = (start: string) => counts(whole.find((w) => w.weekStart === start)!);
    expect(week('2025-04-07')).toEqual([0, 0, 0, 0, true]); // not yet registered
    expect(week('2025-06-02')).toEqual([0, 1, 0, 1, false]); // registered, nothing known
    expect(week('2025-11-03')).toEqual([1, 0, 0, 1, true]);
    expect(week('2025-12-01')).toEqual([0, 0, 1, 1, true]); // overdue from 4 December
    expect(week('2026-01-12')).toEqual([0, 0, 1, 1, true]); // failed
    expect(week('2026-01-19')).toEqual([1, 0, 0, 1, true]); // corrected on the 20th
    expect(week('2026-02-09')).toEqual([0, 0, 1, 1, true]); // overdue from 13 February
    expect(week('2026-03-30')).toEqual([1, 0, 0, 1, true]); // passed on 1 April
    expect(week('2026-04-06')).toEqual([1, 0, 0, 1, true]);
    // Read from status_days: a count changed there shows (and would not from the changes).
    await db().execute(sql`update status_days set compliant = 7 where organization_id = ${organizationId} and day = '2026-04-05'`);
    await db().execute(sql`update organizations set data_version = data_version + 1 where id = ${organizationId}`);
    expect(counts((await agent.get('/api/insight/compliance-trend')).json().weeks[51])).toEqual([7, 0, 0, 7, true]);
  });
});
