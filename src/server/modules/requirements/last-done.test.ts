import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { propertyStatusLine } from '@shared/compliance';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 35 §1: adding a safety item asks when each requirement was last done. A known day sets
 * the next due date one interval later; "Not known" is due at once and says so.
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

type Session = Awaited<ReturnType<TestContext['signedIn']>> & { property: { id: number } };
type Row = { id: number; libraryId: number; activity: string; countsFrom: string; nextDueDate: string; lastDoneOn: string | null; lastDoneStatedOn: string | null; lastDoneKnown: boolean; nextDueEstimated: boolean; status: string; dueNotScheduled: boolean };

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const add = (s: Session, body: Record<string, unknown>) => s.agent.post(`/api/properties/${s.property.id}/safety-items`, body);
const propertyOf = async (s: Session) => (await s.agent.get(`/api/properties/${s.property.id}`)).json();
const requirementsOf = async (s: Session): Promise<Row[]> => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const schedule = (rows: Row[]) => rows.map((r) => `${r.activity} | ${r.nextDueDate} | ${r.lastDoneKnown ? `known ${r.lastDoneStatedOn ?? r.lastDoneOn}` : 'not known'}${r.nextDueEstimated ? ' | estimated' : ''}`);
const libraryOf = async (s: Session, itemType: string) =>
  new Map(((await s.agent.get('/api/requirements/library')).json() as { id: number; itemType: string; activity: string }[]).filter((l) => l.itemType === itemType).map((l) => [l.activity, l.id]));

describe('adding a safety item with when it was last done', () => {
  it('counts each next due date from the day given, and the property waits for a result', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const res = await add(s, { itemType: 'fire_extinguisher', lastDoneOn: '2026-03-15' });
    expect(res.statusCode).toBe(201);
    expect(schedule(res.json())).toEqual([
      'Monthly visual inspection | 2026-04-15 | known 2026-03-15',
      'Annual maintenance | 2027-03-15 | known 2026-03-15',
      '6-year internal examination | 2032-03-15 | known 2026-03-15',
      '5-year hydrostatic test | 2031-03-15 | known 2026-03-15',
      '12-year hydrostatic test | 2038-03-15 | known 2026-03-15',
      'Replace non-rechargeable units (12 years from manufacture) | 2038-03-15 | known 2026-03-15',
    ]);
    // A day without a result is no inspection: the item is never inspected, as the badge says.
    expect(res.json()[0]).toMatchObject({ lastDoneOn: null, lastResult: null, status: 'due_soon', dueNotScheduled: true });
    expect(res.json()[0].changes).toMatchObject([{ kind: 'item_added', detail: 'Added with Fire Extinguishers; last done Mar 15, 2026', changedBy: 'Jordan Lee' }]);
    const property = await propertyOf(s);
    expect(property.status).toBe('pending');
    expect(property.statusReason).toBe('Fire extinguishers last done Mar 15, 2026, no result recorded');

    // A shorter interval counts from the day given too.
    const annual = res.json()[1] as Row;
    const changed = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer asks for twice a year' });
    expect(changed.json()).toMatchObject({ nextDueDate: '2026-09-15', lastDoneKnown: true });

    // A completion with a result takes over from the day given.
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_extinguisher', requirementId: annual.id, dueDate: '2026-04-10', assignedTo: 'Dana Cole' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-08' });
    const after = (await requirementsOf(s))[1]!;
    expect(after).toMatchObject({ lastDoneOn: '2026-04-08', lastDoneStatedOn: null, lastDoneKnown: true, nextDueDate: '2026-10-08', lastResult: 'compliant' });
  });

  it('treats "Not known" as due now: due, not scheduled today, overdue tomorrow, and the property says why', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    for (const itemType of ['fire_extinguisher', 'sprinkler_system', 'emergency_lighting', 'fire_alarm']) {
      expect((await add(s, { itemType, lastDoneOn: null })).statusCode).toBe(201);
    }
    const rows = await requirementsOf(s);
    // Every requirement the library has for the four items (nothing answered about them yet).
    const library = (await s.agent.get('/api/requirements/library')).json() as { itemType: string }[];
    const n = library.filter((l) => ['fire_extinguisher', 'sprinkler_system', 'emergency_lighting', 'fire_alarm'].includes(l.itemType)).length;
    expect(rows).toHaveLength(n);
    // Field tests and replacements count from installation or manufacture (decision 041):
    // not known, they are estimated a year out, not due now, but still a date to find.
    const fromADay = rows.filter((r) => r.countsFrom !== 'last_done');
    expect(fromADay.map((r) => r.activity)).toHaveLength(5);
    const due = n - fromADay.length;
    for (const row of rows) {
      expect(row).toMatchObject(
        row.countsFrom === 'last_done'
          ? { nextDueDate: '2026-04-10', lastDoneKnown: false, lastDoneStatedOn: null, nextDueEstimated: false, status: 'due_soon', dueNotScheduled: true }
          : { nextDueDate: '2027-04-10', lastDoneKnown: false, lastDoneStatedOn: null, nextDueEstimated: true, status: 'never_inspected', dueNotScheduled: false },
      );
    }
    let property = await propertyOf(s);
    expect(property.status).toBe('pending');
    expect(propertyStatusLine(property.status, property.statusReason)).toBe(`Pending: ${n} requirements with no known last date`);
    let stats = (await s.agent.get('/api/dashboard/stats')).json();
    expect(stats).toMatchObject({ upcomingNotScheduledCount: due, overdueNotScheduledCount: 0 });
    // The PDF and the verification page print the same sentence.
    const report = (await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' })).json();
    const text = (await pdfPages((await s.agent.get(report.downloadUrl)).rawPayload)).join('\n');
    expect(text).toMatch(new RegExp(`Overall status:\\s*Pending\\s*${n} requirements with no known last date`));
    const verification = (await ctx.agent().get(`/api/verify/${report.verifyPath.replace('/verify/', '')}`)).json();
    expect(verification).toMatchObject({ overallStatus: 'pending', statusReason: `${n} requirements with no known last date` });
    const listed = (await s.agent.get('/api/requirements/unscheduled')).json();
    expect(listed).toHaveLength(due);
    expect(listed[0]).toMatchObject({ nextDueDate: '2026-04-10', lastDoneKnown: false });

    setNow('2026-04-11T12:00:00Z');
    property = await propertyOf(s);
    expect(property.status).toBe('non_compliant');
    expect(property.statusReason).toBe(
      'Emergency lighting last done not known and overdue (due Apr 10, 2026); fire alarm last done not known and overdue (due Apr 10, 2026); fire extinguishers last done not known and overdue (due Apr 10, 2026); sprinkler system last done not known and overdue (due Apr 10, 2026)',
    );
    stats = (await s.agent.get('/api/dashboard/stats')).json();
    expect(stats).toMatchObject({ upcomingNotScheduledCount: 0, overdueNotScheduledCount: due });

    // A result makes the last date known.
    const alarm = rows.find((r) => r.activity === 'Annual test')!;
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate: '2026-04-11', assignedTo: 'Dana Cole' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-11' });
    expect((await requirementsOf(s)).find((r) => r.id === alarm.id)).toMatchObject({ lastDoneKnown: true, lastDoneOn: '2026-04-11', nextDueDate: '2027-04-11' });
    // What the result settled is no change of the requirement of its own in the history.
    const events = await ctx.runtime.pool.query(`select kind from history_events where property_id = $1 and kind = 'requirement.updated'`, [s.property.id]);
    expect(events.rows).toEqual([]);
  });

  it('takes a different day, or "Not known", for some requirements', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await libraryOf(s, 'fire_extinguisher');
    const res = await add(s, {
      itemType: 'fire_extinguisher',
      lastDoneOn: '2026-01-10',
      requirements: [
        { libraryId: library.get('Monthly visual inspection'), lastDoneOn: '2026-04-01' },
        { libraryId: library.get('12-year hydrostatic test'), lastDoneOn: null },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(schedule(res.json())).toEqual([
      'Monthly visual inspection | 2026-05-01 | known 2026-04-01',
      'Annual maintenance | 2027-01-10 | known 2026-01-10',
      '6-year internal examination | 2032-01-10 | known 2026-01-10',
      '5-year hydrostatic test | 2031-01-10 | known 2026-01-10',
      '12-year hydrostatic test | 2026-04-10 | not known',
      'Replace non-rechargeable units (12 years from manufacture) | 2038-01-10 | known 2026-01-10',
    ]);
    expect(res.json()[4].changes[0].detail).toBe('Added with Fire Extinguishers; last done not known');
    expect((await propertyOf(s)).statusReason).toBe('1 requirement with no known last date');
  });

  it('refuses a day in the future (in the organisation\'s zone), another type\'s activity, and both or neither date', async () => {
    // 20:00 UTC on April 10 is already April 11 in Auckland.
    setNow('2026-04-10T20:00:00Z');
    const s = await withProperty();
    const library = await libraryOf(s, 'fire_alarm');
    const future = await add(s, { itemType: 'sprinkler_system', lastDoneOn: '2026-04-11' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ lastDoneOn: ['The day it was last done cannot be in the future'] });
    const oneFuture = await add(s, { itemType: 'fire_alarm', lastDoneOn: '2026-04-01', requirements: [{ libraryId: library.get('Annual test'), lastDoneOn: '2026-05-01' }] });
    expect(oneFuture.json().fieldErrors).toEqual({ 'requirements.0.lastDoneOn': ['The day it was last done cannot be in the future'] });
    const otherType = await add(s, { itemType: 'sprinkler_system', lastDoneOn: null, requirements: [{ libraryId: library.get('Annual test'), lastDoneOn: null }] });
    expect(otherType.json().fieldErrors).toEqual({ 'requirements.0.libraryId': ['Choose an activity of Sprinkler System'] });
    expect((await add(s, { itemType: 'sprinkler_system', lastDoneOn: '2026-04-01', nextDueDate: '2026-06-01' })).json().fieldErrors).toEqual({
      lastDoneOn: ['Give when it was last done or the next due date, not both'],
    });
    expect((await add(s, { itemType: 'sprinkler_system' })).json().fieldErrors).toEqual({ lastDoneOn: ['Say when it was last done, or choose Not known'] });
    expect((await add(s, { itemType: 'sprinkler_system', lastDoneOn: 'soon' })).json().fieldErrors).toEqual({ lastDoneOn: ['Enter the day it was last done, or choose Not known'] });
    expect((await requirementsOf(s))).toEqual([]);

    const auckland = await ctx.signedIn({ timeZone: 'Pacific/Auckland' });
    await grantPro(ctx.runtime.db, auckland.user.username);
    const property = await createProperty(ctx.runtime.db, auckland.user.id, { name: 'Kauri House' });
    const there = await add({ ...auckland, property }, { itemType: 'sprinkler_system', lastDoneOn: '2026-04-11' });
    expect(there.statusCode).toBe(201);
    // The sprinkler checks are due by the close of NFPA 25's window (4 and 15 months; docs/decisions/037-due-windows.md).
    expect(there.json().slice(0, 2).map((r: Row) => r.nextDueDate)).toEqual(['2026-08-11', '2027-07-11']);
  });

  it('keeps the old nextDueDate call as it was, its guessed dates marked estimated', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const res = await add(s, { itemType: 'emergency_lighting', nextDueDate: '2026-06-01' });
    expect(res.statusCode).toBe(201);
    expect(schedule(res.json())).toEqual(['Monthly 30-second functional test | 2026-05-10 | not known | estimated', 'Annual 90-minute test | 2026-06-01 | known null']);
    expect((await propertyOf(s)).statusReason).toBe('Emergency lighting never inspected');
    const perRequirement = await add(s, { itemType: 'fire_alarm', nextDueDate: '2026-06-01', requirements: [] });
    expect(perRequirement.json().fieldErrors).toEqual({ requirements: ['Dates for each activity go with lastDoneOn, not with nextDueDate'] });
  });
});
