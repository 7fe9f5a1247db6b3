import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HISTORY_CSV_TEMPLATE, historyRowsFromCells } from '@shared/inspection-history-csv';
import { properties } from '../../db/schema/index';
import { createProperty, propertyValues } from '../../db/seed/properties';
import { createMember } from '../../db/seed/users';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/** Recording past inspections (issue 35 §2): the history import, its preview and the grid's list. */
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

type Session = Awaited<ReturnType<TestContext['signedIn']>>;
type Row = Record<string, unknown>;

async function proOwner(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'America/Chicago' });
  await grantPro(ctx.runtime.db, session.user.username);
  return session;
}

const count = async (query: string, params: unknown[]) => (await ctx.runtime.pool.query(query, params)).rows[0].n as number;
const inspectionsOf = (orgId: number, status?: string) =>
  count(`select count(*)::int as n from inspections where organization_id = $1 ${status ? 'and status = $2' : ''}`, status ? [orgId, status] : [orgId]);
const requirementsOf = async (s: Session, propertyId: number) => (await s.agent.get(`/api/properties/${propertyId}/requirements`)).json() as Row[];
const byActivity = (list: Row[], activity: string) => list.find((r) => r.activity === activity)!;

/** Ten rows of one property's paper records: four extinguisher activities, sprinklers, the alarm, emergency lighting. */
const recordsOf = (property: string): Row[] => [
  { property, itemType: 'Fire extinguishers', activity: 'Annual maintenance', performedOn: '2024-03-01', result: 'pass', inspector: 'Alex Rivera' },
  { property, itemType: 'Extinguishers', activity: 'annual maintenance', performedOn: '2025-03-10', result: 'Passed', inspector: 'Alex Rivera' },
  { property, itemType: 'Extinguishers', activity: 'Monthly', performedOn: '2025-10-05', result: 'ok' },
  { property, itemType: 'Extinguishers', activity: '6 year', performedOn: '2021-06-01', result: 'compliant' },
  { property, itemType: 'Extinguishers', activity: '12-year hydrostatic test', performedOn: '2015-01-15', result: 'pass' },
  { property, itemType: 'Sprinklers', activity: 'Quarterly', performedOn: '2025-09-01', result: 'FAIL', notes: 'Valve 3 leaking' },
  { property, itemType: 'Sprinkler system', performedOn: '2025-05-20', result: 'pass' },
  { property, itemType: 'Fire alarm', performedOn: '2025-07-07', result: 'pass', inspector: 'Northside Fire' },
  { property, itemType: 'Emergency lights', activity: 'monthly', performedOn: '2025-10-20', result: 'pass' },
  { property, itemType: 'Emergency lighting', activity: 'Annual', performedOn: '2025-02-02', result: 'pass' },
];

describe('importing inspection history', () => {
  it('imports 1,000 rows of 100 properties: statuses and next dates right, one next inspection each, no mail and no webhook', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const orgId = s.user.id;
    const built = await ctx.runtime.db
      .insert(properties)
      .values(Array.from({ length: 100 }, (_, i) => ({ ...propertyValues({ name: `Tower ${String(i + 1).padStart(3, '0')}`, addressLine1: `${i + 1} Harbor Way` }), organizationId: orgId })))
      .returning({ id: properties.id, name: properties.name });
    // Ten of them already have extinguishers; the others get each safety item from the history.
    for (const p of built.slice(0, 10)) {
      expect((await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: '2025-12-01' })).statusCode).toBe(201);
    }
    await ctx.runtime.pool.query(`insert into webhook_endpoints (organization_id, url, events, secret) values ($1, 'https://hooks.example.com/x', $2, 'secret')`, [
      orgId,
      ['inspection.completed', 'deficiency.opened', 'inspection.overdue'],
    ]);
    // By name, by "name, address" and by id.
    const rows = built.flatMap((p, i) => recordsOf(i % 3 === 0 ? p.name : i % 3 === 1 ? `${p.name}, ${i + 1} Harbor Way` : String(p.id)));
    expect(rows).toHaveLength(1000);

    const res = await s.agent.post('/api/inspection-history/import', { rows });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 1000, skipped: 0 });
    // Nine requirements per property: each once in the answer.
    expect(res.json().requirements).toHaveLength(900);

    for (const p of [built[0]!, built[1]!, built[50]!]) {
      const list = await requirementsOf(s, p.id);
      expect(byActivity(list, 'Annual maintenance')).toMatchObject({ lastDoneOn: '2025-03-10', lastResult: 'compliant', nextDueDate: '2026-03-10', lastDoneKnown: true });
      expect(byActivity(list, 'Monthly visual inspection')).toMatchObject({ lastDoneOn: '2025-10-05', nextDueDate: '2025-11-05' });
      expect(byActivity(list, '6-year internal examination')).toMatchObject({ lastDoneOn: '2021-06-01', nextDueDate: '2027-06-01' });
      expect(byActivity(list, '12-year hydrostatic test')).toMatchObject({ lastDoneOn: '2015-01-15', nextDueDate: '2027-01-15' });
      // By the close of NFPA 25's window: 4 and 15 months (docs/decisions/037-due-windows.md).
      expect(byActivity(list, 'Quarterly inspection')).toMatchObject({ lastDoneOn: '2025-09-01', lastResult: 'non_compliant', nextDueDate: '2026-01-01', windowOpensOn: '2025-11-01' });
      expect(byActivity(list, 'Annual inspection and test')).toMatchObject({ lastDoneOn: '2025-05-20', nextDueDate: '2026-08-20', windowOpensOn: '2026-02-20' });
      expect(byActivity(list, 'Annual test')).toMatchObject({ lastDoneOn: '2025-07-07', nextDueDate: '2026-07-07' });
      expect(byActivity(list, 'Monthly 30-second functional test')).toMatchObject({ lastDoneOn: '2025-10-20', nextDueDate: '2025-11-20' });
      // Every requirement done in the file has its one next inspection, on its next due date (the
      // 5-year hydrostatic test and the replacement of non-rechargeable units are in no row: none).
      for (const r of list.filter((r) => r.lastDoneOn !== null)) expect(r.openInspection).toMatchObject({ dueDate: r.nextDueDate });
      const property = (await s.agent.get(`/api/properties/${p.id}`)).json();
      expect(property.status).toBe('non_compliant');
      expect(property.statusReason).toMatch(/^Sprinkler system failed inspection/i);
    }
    const extinguisher = (await s.agent.get(`/api/inspections?propertyId=${built[0]!.id}&limit=500`)).json() as Row[];
    expect(extinguisher.filter((i) => i.status === 'completed')).toHaveLength(10);
    expect(extinguisher.find((i) => i.status === 'completed' && i.completionNotes === 'Valve 3 leaking')).toMatchObject({ complianceResult: 'non_compliant' });
    expect(await inspectionsOf(orgId, 'scheduled')).toBe(900);
    expect(await count('select count(*)::int as n from email_outbox where organization_id = $1 or user_id = $1', [orgId])).toBe(0);
    expect(await count('select count(*)::int as n from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.organization_id = $1', [orgId])).toBe(0);

    // The same file again adds nothing: every row is already recorded.
    const preview = await s.agent.post('/api/inspection-history/preview', { rows: rows.slice(0, 10) });
    expect(preview.json()).toMatchObject({ matchedCount: 0, unmatchedCount: 0, duplicateCount: 10 });
    expect(preview.json().rows[0]).toMatchObject({ status: 'duplicate', problem: 'Already recorded on Mar 1, 2024' });
    const again = await s.agent.post('/api/inspection-history/import', { rows });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ imported: 0, skipped: 1000 });
    expect(again.json().rows[0]).toMatchObject({ line: 1, skipped: true, inspectionId: res.json().rows[0].inspectionId });
    expect(await inspectionsOf(orgId, 'completed')).toBe(1000);
    expect(await inspectionsOf(orgId, 'scheduled')).toBe(900);
  });

  it('a row repeating an earlier row of the same file is recorded once, and a repeat does not block the rest', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const row = { property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-06-01', result: 'pass' };
    const res = await s.agent.post('/api/inspection-history/import', { rows: [row, { ...row, result: 'Passed' }, { ...row, performedOn: '2024-06-01' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 2, skipped: 1 });
    expect(res.json().rows.map((r: Row) => r.skipped)).toEqual([false, true, false]);
    expect(res.json().rows[1].inspectionId).toBe(res.json().rows[0].inspectionId);
    const preview = await s.agent.post('/api/inspection-history/preview', { rows: [{ ...row, performedOn: '2023-06-01' }, { ...row, performedOn: '2023-06-01' }] });
    expect(preview.json().rows.map((r: Row) => [r.status, r.problem])).toEqual([
      ['matched', null],
      ['duplicate', 'Already in this file (row 1)'],
    ]);
  });

  it('a safety item the history adds says so in its change history, signed by the importer', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const res = await s.agent.post('/api/inspection-history/import', { rows: [{ property: 'Harbor View', itemType: 'Extinguishers', performedOn: '2025-03-10', result: 'pass' }] });
    expect(res.statusCode).toBe(201);
    const list = await requirementsOf(s, p.id);
    expect(list).toHaveLength(6);
    const changes = await ctx.runtime.pool.query(
      `select c.detail, c.changed_by, c.kind from requirement_changes c where c.property_id = $1 order by c.requirement_id`,
      [p.id],
    );
    const name = (await ctx.runtime.pool.query('select full_name from users where id = $1', [s.user.id])).rows[0].full_name;
    expect(changes.rows).toEqual(list.map(() => ({ detail: 'Added with Fire Extinguishers; last done not known', changed_by: name, kind: 'item_added' })));
    expect(byActivity(list, 'Annual maintenance').changes).toEqual([expect.objectContaining({ detail: 'Added with Fire Extinguishers; last done not known' })]);
  });

  it('lists the rows that match nothing and saves nothing', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const before = await inspectionsOf(s.user.id);
    const res = await s.agent.post('/api/inspection-history/import', {
      rows: [
        { property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' },
        { property: 'Harbour Vue', itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' },
        { property: 'Harbor View', itemType: 'Extincteurs', performedOn: '2025-01-01', result: 'pass' },
        { property: 'harbor view', itemType: 'Extinguishers', activity: 'weekly', performedOn: '2025-01-01', result: 'fail' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('3 rows match nothing; nothing was imported.');
    expect(res.json().rows.map((r: Row) => [r.line, r.status, r.problem])).toEqual([
      [2, 'unmatched', 'No property matches "Harbour Vue": write its name as in Firemark, "name, address", or its id'],
      [3, 'unmatched', expect.stringContaining('Unknown safety item "Extincteurs"')],
      [4, 'unmatched', expect.stringContaining('No activity called "weekly"')],
    ]);
    expect(await inspectionsOf(s.user.id)).toBe(before);
    expect(await count('select count(*)::int as n from requirements where organization_id = $1', [s.user.id])).toBe(0);
  });

  it('a number that is one property\'s id and another\'s name matches neither', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const harbor = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View', addressLine1: '100 Harbor Way' });
    const one = await createProperty(ctx.runtime.db, s.user.id, { name: String(harbor.id), addressLine1: '7 Quay Street' });
    const row = (property: string, performedOn: string) => ({ property, itemType: 'Fire alarm', performedOn, result: 'pass' });
    const res = await s.agent.post('/api/inspection-history/preview', {
      rows: [row(String(harbor.id), '2025-01-01'), row(`${harbor.id}, 7 Quay`, '2025-01-02'), row(String(one.id), '2025-01-03')],
    });
    expect(res.json().rows.map((r: Row) => [r.status, r.problem, r.propertyId])).toEqual([
      ['unmatched', `"${harbor.id}" could be "${harbor.id}" (id ${one.id}) or "Harbor View" (id ${harbor.id}): write the name and address`, null],
      ['matched', null, one.id],
      ['matched', null, one.id],
    ]);
  });

  it('a name two properties share is unmatched until the address tells them apart', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Maple Court', addressLine1: '12 Elm Street', city: 'Boston' });
    const second = await createProperty(ctx.runtime.db, s.user.id, { name: 'Maple Court', addressLine1: '40 Oak Avenue', city: 'Boston' });
    const res = await s.agent.post('/api/inspection-history/preview', {
      rows: [
        { property: 'maple court', itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' },
        { property: 'Máple Court,  40 Oak Ave', itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ matchedCount: 1, unmatchedCount: 1 });
    expect(res.json().rows[0]).toMatchObject({ status: 'unmatched', problem: '2 properties are called maple court: add the address' });
    expect(res.json().rows[1]).toMatchObject({ status: 'matched', propertyId: second.id, propertyName: 'Maple Court', itemType: 'fire_alarm', activity: 'Annual test' });
  });

  it('a row without an activity is for the principal requirement, and the preview says it was not stated', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: '2025-12-01' });
    const annual = byActivity(await requirementsOf(s, p.id), 'Annual maintenance');
    const res = await s.agent.post('/api/inspection-history/preview', { rows: [{ property: 'Harbor View', itemType: 'extinguishers', performedOn: '2025-04-02', result: 'pass' }] });
    expect(res.json().rows[0]).toMatchObject({
      status: 'matched',
      requirementId: annual.id,
      activity: 'Annual maintenance',
      activityStated: false,
      lastDoneBefore: null,
      nextDueBefore: '2025-12-01',
      nextDueAfter: '2026-04-02',
    });
  });

  it('a back-dated row older than the last completion does not move the last date, and schedules nothing more', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const first = await s.agent.post('/api/inspection-history/import', { rows: [{ property: String(p.id), itemType: 'Fire alarm', performedOn: '2025-06-01', result: 'pass' }] });
    expect(first.json().requirements[0]).toMatchObject({ lastDoneOn: '2025-06-01', nextDueDate: '2026-06-01' });
    const preview = await s.agent.post('/api/inspection-history/preview', { rows: [{ property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2024-06-01', result: 'fail' }] });
    expect(preview.json().rows[0]).toMatchObject({ lastDoneBefore: '2025-06-01', nextDueBefore: '2026-06-01', nextDueAfter: '2026-06-01' });
    const older = await s.agent.post('/api/inspection-history/import', { rows: [{ property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2024-06-01', result: 'fail' }] });
    expect(older.statusCode).toBe(201);
    expect(older.json().requirements[0]).toMatchObject({ lastDoneOn: '2025-06-01', lastResult: 'compliant', nextDueDate: '2026-06-01' });
    expect(await inspectionsOf(s.user.id, 'scheduled')).toBe(1);
  });

  it('refuses a day in the future (in the organisation zone) and more than 10,000 rows', async () => {
    // 11 pm on Oct 31 in Chicago: Nov 1 is tomorrow there.
    setNow('2025-11-01T04:00:00Z');
    const s = await proOwner();
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const future = await s.agent.post('/api/inspection-history/import', { rows: [{ property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-11-01', result: 'pass' }] });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ 'rows.0.performedOn': ['The day it was done cannot be in the future'] });
    const row = { property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-10-31', result: 'pass' };
    const tooMany = await s.agent.post('/api/inspection-history/import', { rows: Array.from({ length: 10_001 }, () => row) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.rows).toEqual(['At most 10,000 rows can be recorded at once']);
    const bad = await s.agent.post('/api/inspection-history/preview', { rows: [{ property: 'Harbor View', performedOn: '1969-12-31', result: 'maybe' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'rows.0.itemType': ['Item type is required'],
      'rows.0.performedOn': ['The day it was done cannot be before 1970'],
      'rows.0.result': ['Result must be compliant or non-compliant (pass or fail)'],
    });
    expect(await inspectionsOf(s.user.id)).toBe(0);
  });

  it('the preview saves nothing', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const res = await s.agent.post('/api/inspection-history/preview', { rows: recordsOf('Harbor View') });
    expect(res.json()).toMatchObject({ matchedCount: 10, unmatchedCount: 0 });
    // A safety item the property does not have yet: matched to the library's activity, added only on import.
    expect(res.json().rows[0]).toMatchObject({ propertyId: p.id, requirementId: null, activity: 'Annual maintenance', nextDueAfter: '2026-03-10' });
    expect(await inspectionsOf(s.user.id)).toBe(0);
    expect(await requirementsOf(s, p.id)).toEqual([]);
  });
});

describe('the template', () => {
  it('offers rows that match once its properties exist', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View Offices', addressLine1: '100 Harbor Way' });
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Maple Street Apartments', addressLine1: '42 Maple Street' });
    const { rows, error } = historyRowsFromCells(Papa.parse<string[]>(HISTORY_CSV_TEMPLATE).data);
    expect(error).toBeUndefined();
    const res = await s.agent.post('/api/inspection-history/preview', { rows });
    expect(res.json()).toMatchObject({ matchedCount: rows.length, unmatchedCount: 0 });
    expect(res.json().rows.map((r: Row) => [r.propertyName, r.activity, r.activityStated, r.result])).toEqual([
      ['Harbor View Offices', 'Annual maintenance', true, 'compliant'],
      ['Harbor View Offices', 'Monthly visual inspection', true, 'compliant'],
      ['Maple Street Apartments', 'Annual inspection and test', false, 'non_compliant'],
    ]);
  });
});

describe('the grid', () => {
  it('saves one cell by requirement and answers the new next due date', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'sprinkler_system', nextDueDate: '2025-12-01' });
    const grid = await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`);
    expect(grid.statusCode).toBe(200);
    // Every requirement of the sprinkler system (library/us-nfpa/sprinkler-system.ts), nothing answered about it yet.
    expect(grid.headers['x-total-count']).toBe('13');
    const quarterly = (grid.json() as Row[]).find((r) => r.activity === 'Quarterly inspection')!;
    expect(quarterly).toMatchObject({ propertyName: 'Harbor View', itemType: 'sprinkler_system', lastDoneOn: null });

    const res = await s.agent.post('/api/inspection-history/import', { rows: [{ requirementId: quarterly.requirementId, performedOn: '2025-09-15', result: 'pass' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      imported: 1,
      skipped: 0,
      requirements: [{ requirementId: quarterly.requirementId, propertyId: p.id, lastDoneOn: '2025-09-15', lastResult: 'compliant', nextDueDate: '2026-01-15', lastDoneKnown: true }],
      rows: [{ line: 1, requirementId: quarterly.requirementId, inspectionId: expect.any(Number), skipped: false }],
    });
    const after = (await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[];
    expect(after.find((r) => r.requirementId === quarterly.requirementId)).toMatchObject({ lastDoneOn: '2025-09-15', nextDueDate: '2026-01-15' });
  });

  it('corrects what it just saved: the day and the result, leaving one completion', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_alarm', nextDueDate: '2025-12-01' });
    const [alarm] = (await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[];
    const save = (row: Row) => s.agent.post('/api/inspection-history/import', { rows: [{ requirementId: alarm!.requirementId, ...row }] });
    const first = await save({ performedOn: '2025-10-21', result: 'pass' });
    expect(first.json().requirements[0]).toMatchObject({ lastDoneOn: '2025-10-21', nextDueDate: '2026-10-21' });
    const failed = await save({ performedOn: '2025-10-21', result: 'fail', replacesInspectionId: first.json().rows[0].inspectionId });
    expect(failed.json().requirements[0]).toMatchObject({ lastDoneOn: '2025-10-21', lastResult: 'non_compliant' });
    const corrected = await save({ performedOn: '2025-10-12', result: 'pass', replacesInspectionId: failed.json().rows[0].inspectionId });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().requirements[0]).toMatchObject({ lastDoneOn: '2025-10-12', lastResult: 'compliant', nextDueDate: '2026-10-12' });
    expect(await inspectionsOf(s.user.id, 'completed')).toBe(1);
    // The next inspection recurrence scheduled moves with it; there is still only one.
    const open = await ctx.runtime.pool.query(`select to_char(due_date, 'YYYY-MM-DD') as due from inspections where organization_id = $1 and status = 'scheduled'`, [s.user.id]);
    expect(open.rows).toEqual([{ due: '2026-10-12' }]);
    const [row] = (await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[];
    expect(row).toMatchObject({ lastDoneOn: '2025-10-12', nextDueDate: '2026-10-12', nextDueEstimated: false });
  });

  it('refuses to replace anything but a history completion of the same requirement', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'sprinkler_system', nextDueDate: '2025-12-01' });
    const [annual, quarterly] = ((await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[]).sort((a, b) => String(a.activity).localeCompare(String(b.activity)));
    const saved = await s.agent.post('/api/inspection-history/import', { rows: [{ requirementId: annual!.requirementId, performedOn: '2025-05-01', result: 'pass' }] });
    const savedId = saved.json().rows[0].inspectionId as number;
    const open = (await ctx.runtime.pool.query(`select id from inspections where organization_id = $1 and status = 'scheduled'`, [s.user.id])).rows[0].id as number;
    await ctx.runtime.pool.query(`update inspections set status = 'completed', completed_date = now(), compliance_result = 'compliant' where id = $1`, [open]);
    // A history completion of this requirement with a deficiency recorded against it.
    const withDeficiency = (await s.agent.post('/api/inspection-history/import', { rows: [{ requirementId: annual!.requirementId, performedOn: '2025-04-01', result: 'fail' }] })).json().rows[0].inspectionId as number;
    await ctx.runtime.pool.query(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity) values ($1, $2, $3, 'sprinkler_system', 'Valve 3 leaking', 'impairment')`,
      [s.user.id, p.id, withDeficiency],
    );
    // Another organisation's history completion.
    const other = await proOwner();
    const q = await createProperty(ctx.runtime.db, other.user.id, { name: 'Elsewhere' });
    await other.agent.post(`/api/properties/${q.id}/safety-items`, { itemType: 'sprinkler_system', nextDueDate: '2025-12-01' });
    const [theirs] = (await other.agent.get(`/api/requirements/last-done?propertyId=${q.id}`)).json() as Row[];
    const theirId = (await other.agent.post('/api/inspection-history/import', { rows: [{ requirementId: theirs!.requirementId, performedOn: '2025-05-01', result: 'pass' }] })).json().rows[0].inspectionId as number;
    for (const [requirementId, replacesInspectionId] of [
      [quarterly!.requirementId, savedId], // another requirement's
      [annual!.requirementId, open], // completed in the app, not recorded from history
      [annual!.requirementId, withDeficiency], // its deficiency would go with it
      [annual!.requirementId, theirId], // another organisation's
      [annual!.requirementId, 999_999_999],
    ]) {
      const res = await s.agent.post('/api/inspection-history/import', { rows: [{ requirementId, performedOn: '2025-05-02', result: 'pass', replacesInspectionId }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ 'rows.0.replacesInspectionId': ['This inspection cannot be replaced'] });
    }
    expect(await inspectionsOf(s.user.id, 'completed')).toBe(3);
    expect(await inspectionsOf(other.user.id, 'completed')).toBe(1);
  });

  it('takes a requirement as a number or digits, never a true or false', async () => {
    const s = await proOwner();
    const res = await s.agent.post('/api/inspection-history/preview', { rows: [{ requirementId: true, performedOn: '2025-01-01', result: 'pass' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['rows.0.requirementId']).toEqual(['Unknown requirement']);
    const text = await s.agent.post('/api/inspection-history/preview', { rows: [{ requirementId: '999999', performedOn: '2025-01-01', result: 'pass' }] });
    expect(text.statusCode).toBe(200);
    expect(text.json().rows[0]).toMatchObject({ status: 'unmatched', problem: 'No such requirement' });
  });

  it('marks a next due date guessed from the day the item was added', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_alarm', nextDueDate: '2025-12-01' });
    await ctx.runtime.pool.query(`update requirements set last_done_unknown = true, next_due_estimated = true where property_id = $1`, [p.id]);
    const [row] = (await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[];
    expect(row).toMatchObject({ lastDoneOn: null, nextDueEstimated: true });
  });

  it('shows a last-done day said when the item was added, until a result is recorded', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Cedar Hall' });
    const added = await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_alarm', lastDoneOn: '2025-03-15' });
    expect(added.statusCode).toBe(201);
    const [row] = (await s.agent.get(`/api/requirements/last-done?propertyId=${p.id}`)).json() as Row[];
    expect(row).toMatchObject({ lastDoneOn: null, lastDoneStatedOn: '2025-03-15', lastDoneKnown: true });
  });

  it('lists the requirements of the properties a member reaches, by property name', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const b = await createProperty(ctx.runtime.db, s.user.id, { name: 'Birch House' });
    const a = await createProperty(ctx.runtime.db, s.user.id, { name: 'alder Court' });
    // Fire doors: one requirement each (NFPA 80's annual inspection).
    for (const p of [a, b]) await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_doors', nextDueDate: '2025-12-01' });
    const all = (await s.agent.get('/api/requirements/last-done')).json() as Row[];
    expect(all.map((r) => r.propertyName)).toEqual(['alder Court', 'Birch House']);
    const member = await createMember(ctx.runtime.db, { organizationId: s.user.id, role: 'viewer', propertyIds: [b.id] });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: member.user.username, password: member.password });
    expect((await agent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
    const mine = await agent.get('/api/requirements/last-done');
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as Row[]).map((r) => r.propertyId)).toEqual([b.id]);
  });
});

describe('who may record history', () => {
  async function memberOf(s: Session, role: 'manager' | 'viewer', propertyIds?: number[]) {
    const member = await createMember(ctx.runtime.db, { organizationId: s.user.id, role, propertyIds });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: member.user.username, password: member.password });
    expect((await agent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
    return agent;
  }

  it('a manager given one property cannot record history of another, and learns nothing of it', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const mine = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const other = await createProperty(ctx.runtime.db, s.user.id, { name: 'Secret Tower' });
    const agent = await memberOf(s, 'manager', [mine.id]);
    const row = (property: string) => ({ property, itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' });
    const res = await agent.post('/api/inspection-history/import', { rows: [row('Harbor View'), row('Secret Tower'), row(String(other.id)), row('Nowhere Hall')] });
    expect(res.statusCode).toBe(422);
    const problems = res.json().rows.map((r: Row) => r.problem);
    expect(problems).toEqual([
      'No property matches "Secret Tower": write its name as in Firemark, "name, address", or its id',
      `No property matches "${other.id}": write its name as in Firemark, "name, address", or its id`,
      'No property matches "Nowhere Hall": write its name as in Firemark, "name, address", or its id',
    ]);
    expect(JSON.stringify(res.json())).not.toContain(`"propertyId":${other.id}`);
    expect(await inspectionsOf(s.user.id)).toBe(0);
  });

  it('an inspector records history only as themselves, whatever the row names', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await proOwner();
    const p = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    await s.agent.post(`/api/properties/${p.id}/safety-items`, { itemType: 'fire_alarm', nextDueDate: '2025-12-01' });
    const [own] = (await ctx.runtime.pool.query(`insert into inspectors (organization_id, name) values ($1, 'Sam Ortiz') returning id`, [s.user.id])).rows;
    const member = await createMember(ctx.runtime.db, { organizationId: s.user.id, role: 'inspector', inspectorId: own.id as number, propertyIds: [p.id] });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: member.user.username, password: member.password });
    expect((await agent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
    const row = { property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-10-01', result: 'pass', inspector: 'Somebody Else' };
    const preview = await agent.post('/api/inspection-history/preview', { rows: [row] });
    expect(preview.json().rows[0]).toMatchObject({ status: 'matched', inspector: 'Sam Ortiz', note: 'Recorded as Sam Ortiz: inspectors record only their own inspections' });
    const res = await agent.post('/api/inspection-history/import', { rows: [row] });
    expect(res.statusCode).toBe(201);
    const recorded = await ctx.runtime.pool.query(`select assigned_to, inspector_id, status from inspections where id = $1`, [res.json().rows[0].inspectionId]);
    expect(recorded.rows[0]).toEqual({ assigned_to: 'Sam Ortiz', inspector_id: own.id, status: 'completed' });
    // The next inspection is theirs too.
    const next = await ctx.runtime.pool.query(`select assigned_to, inspector_id from inspections where organization_id = $1 and status = 'scheduled'`, [s.user.id]);
    expect(next.rows).toEqual([{ assigned_to: 'Sam Ortiz', inspector_id: own.id }]);
    // The owner's own history completion is not theirs to replace.
    const ownerSaved = await s.agent.post('/api/inspection-history/import', { rows: [{ ...row, performedOn: '2025-10-02', inspector: 'Alex Rivera' }] });
    const replace = await agent.post('/api/inspection-history/import', { rows: [{ ...row, performedOn: '2025-10-03', replacesInspectionId: ownerSaved.json().rows[0].inspectionId }] });
    expect(replace.statusCode).toBe(400);
  });

  it('a viewer is refused', async () => {
    const s = await proOwner();
    const agent = await memberOf(s, 'viewer');
    const res = await agent.post('/api/inspection-history/import', { rows: [{ property: 'Harbor View', itemType: 'Fire alarm', performedOn: '2025-01-01', result: 'pass' }] });
    expect(res.statusCode).toBe(403);
    expect((await agent.post('/api/inspection-history/preview', { rows: [] })).statusCode).toBe(403);
  });

  it('on the Free plan, the next inspections stop at its one open inspection', async () => {
    setNow('2025-11-01T15:00:00Z');
    const s = await ctx.signedIn({ timeZone: 'America/Chicago' });
    await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const res = await s.agent.post('/api/inspection-history/import', { rows: recordsOf('Harbor View') });
    expect(res.statusCode).toBe(201);
    expect(await inspectionsOf(s.user.id, 'scheduled')).toBe(1);
    // The soonest due gets it: the extinguishers' monthly check, due Nov 5.
    const open = await ctx.runtime.pool.query(`select to_char(due_date, 'YYYY-MM-DD') as due from inspections where organization_id = $1 and status = 'scheduled'`, [s.user.id]);
    expect(open.rows).toEqual([{ due: '2025-11-05' }]);
  });
});
