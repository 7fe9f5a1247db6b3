import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { propertyStatusLine } from '@shared/compliance';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 35 §1: the first inspection of a type adds the safety item, and asks, as "Add safety
 * item" does, when each of its other requirements was last done. The requirement the inspection
 * is for stays due on the inspection's due date.
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
type Row = {
  id: number;
  activity: string;
  principal: boolean;
  nextDueDate: string;
  lastDoneOn: string | null;
  lastDoneStatedOn: string | null;
  lastDoneKnown: boolean;
  nextDueEstimated: boolean;
  dueNotScheduled: boolean;
  openInspection: { id: number; dueDate: string } | null;
  changes: { detail: string; changedBy: string }[];
};

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const scheduleFirst = (s: Session, body: Record<string, unknown>) =>
  s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_extinguisher', dueDate: '2026-05-01', assignedTo: 'Dana Cole', ...body });
const requirementsOf = async (s: Session): Promise<Row[]> => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const propertyOf = async (s: Session) => (await s.agent.get(`/api/properties/${s.property.id}`)).json();
const schedule = (rows: Row[]) =>
  rows.map((r) => `${r.activity} | ${r.nextDueDate} | ${r.lastDoneKnown ? `known ${r.lastDoneStatedOn ?? r.lastDoneOn}` : 'not known'}${r.nextDueEstimated ? ' | estimated' : ''}`);
const extinguisherLibrary = async (s: Session) =>
  new Map(
    ((await s.agent.get('/api/requirements/library')).json() as { id: number; itemType: string; activity: string }[])
      .filter((l) => l.itemType === 'fire_extinguisher')
      .map((l) => [l.activity, l.id]),
  );

describe('the first inspection of a type, with when the other requirements were last done', () => {
  it('counts the others from the days given, and keeps the inspection\'s own requirement on its due date', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await extinguisherLibrary(s);
    const res = await scheduleFirst(s, {
      lastDone: {
        lastDoneOn: '2026-01-10',
        requirements: [
          { libraryId: library.get('Monthly visual inspection'), lastDoneOn: '2026-04-01' },
          { libraryId: library.get('12-year hydrostatic test'), lastDoneOn: null },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ dueDate: '2026-05-01', requirement: { activity: 'Annual maintenance', principal: true } });
    const rows = await requirementsOf(s);
    expect(schedule(rows)).toEqual([
      'Monthly visual inspection | 2026-05-01 | known 2026-04-01',
      'Annual maintenance | 2026-05-01 | known null',
      '6-year internal examination | 2032-01-10 | known 2026-01-10',
      '5-year hydrostatic test | 2031-01-10 | known 2026-01-10',
      '12-year hydrostatic test | 2026-04-10 | not known',
      'Replace non-rechargeable units (12 years from manufacture) | 2038-01-10 | known 2026-01-10',
    ]);
    expect(rows[1]!.openInspection).toEqual({ id: res.json().id, dueDate: '2026-05-01' });
    expect(rows.map((r) => r.changes[0]?.detail)).toEqual([
      'Added with Fire Extinguishers; last done Apr 1, 2026',
      'Added with Fire Extinguishers',
      'Added with Fire Extinguishers; last done Jan 10, 2026',
      'Added with Fire Extinguishers; last done Jan 10, 2026',
      'Added with Fire Extinguishers; last done not known',
      'Added with Fire Extinguishers; last done Jan 10, 2026',
    ]);
    expect(rows[0]!.changes[0]!.changedBy).toBe('Jordan Lee');
    const property = await propertyOf(s);
    expect(propertyStatusLine(property.status, property.statusReason)).toBe('Pending: 1 requirement with no known last date');
  });

  it('makes the others due now when their last date is not known', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    expect((await scheduleFirst(s, { lastDone: { lastDoneOn: null } })).statusCode).toBe(201);
    const rows = await requirementsOf(s);
    expect(schedule(rows)).toEqual([
      'Monthly visual inspection | 2026-04-10 | not known',
      'Annual maintenance | 2026-05-01 | known null',
      '6-year internal examination | 2026-04-10 | not known',
      '5-year hydrostatic test | 2026-04-10 | not known',
      '12-year hydrostatic test | 2026-04-10 | not known',
      // Counted from a manufacture day nobody gave: a year out, estimated (decision 041).
      'Replace non-rechargeable units (12 years from manufacture) | 2027-04-10 | not known | estimated',
    ]);
    expect(rows.filter((r) => r.dueNotScheduled).map((r) => r.activity)).toEqual([
      'Monthly visual inspection',
      '6-year internal examination',
      '5-year hydrostatic test',
      '12-year hydrostatic test',
    ]);
    // The replacement is not due yet, but its manufacture day is still not known: counted.
    const property = await propertyOf(s);
    expect(propertyStatusLine(property.status, property.statusReason)).toBe('Pending: 5 requirements with no known last date');
    expect((await s.agent.get('/api/dashboard/stats')).json()).toMatchObject({ upcomingNotScheduledCount: 4 });
  });

  it('asks the principal requirement too when the inspection is for another activity', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await extinguisherLibrary(s);
    const res = await scheduleFirst(s, {
      libraryId: library.get('Monthly visual inspection'),
      dueDate: '2026-04-20',
      lastDone: { lastDoneOn: '2025-09-01' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().requirement).toMatchObject({ activity: 'Monthly visual inspection' });
    expect(schedule(await requirementsOf(s))).toEqual([
      'Monthly visual inspection | 2026-04-20 | known null',
      'Annual maintenance | 2026-09-01 | known 2025-09-01',
      '6-year internal examination | 2031-09-01 | known 2025-09-01',
      '5-year hydrostatic test | 2030-09-01 | known 2025-09-01',
      '12-year hydrostatic test | 2037-09-01 | known 2025-09-01',
      'Replace non-rechargeable units (12 years from manufacture) | 2037-09-01 | known 2025-09-01',
    ]);
  });

  it('ignores the answers when the property has the type already, and without them guesses as before', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    expect((await scheduleFirst(s, {})).statusCode).toBe(201);
    const before = await requirementsOf(s);
    expect(schedule(before)).toEqual([
      'Monthly visual inspection | 2026-05-10 | not known | estimated',
      'Annual maintenance | 2026-05-01 | known null',
      '6-year internal examination | 2027-04-10 | not known | estimated',
      '5-year hydrostatic test | 2027-04-10 | not known | estimated',
      '12-year hydrostatic test | 2027-04-10 | not known | estimated',
      'Replace non-rechargeable units (12 years from manufacture) | 2027-04-10 | not known | estimated',
    ]);
    expect(before.map((r) => r.changes.length)).toEqual([0, 0, 0, 0, 0, 0]);

    const again = await scheduleFirst(s, { dueDate: '2026-06-01', lastDone: { lastDoneOn: '2026-01-10' } });
    expect(again.statusCode).toBe(201);
    expect(schedule(await requirementsOf(s))).toEqual(schedule(before));
  });

  it('refuses a day in the future, a malformed day, an activity of another type or of this inspection, and an empty answer, adding nothing', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await extinguisherLibrary(s);
    const future = await scheduleFirst(s, { lastDone: { lastDoneOn: '2026-04-11' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ 'lastDone.lastDoneOn': ['The day it was last done cannot be in the future'] });
    const oneFuture = await scheduleFirst(s, { lastDone: { requirements: [{ libraryId: library.get('12-year hydrostatic test'), lastDoneOn: '2026-05-01' }] } });
    expect(oneFuture.json().fieldErrors).toEqual({ 'lastDone.requirements.0.lastDoneOn': ['The day it was last done cannot be in the future'] });
    const malformed = await scheduleFirst(s, { lastDone: { lastDoneOn: 'last spring' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ 'lastDone.lastDoneOn': ['Enter the day it was last done, or choose Not known'] });
    expect((await scheduleFirst(s, { lastDone: {} })).json().fieldErrors).toEqual({ 'lastDone.lastDoneOn': ['Say when it was last done, or choose Not known'] });
    const otherType = await scheduleFirst(s, { inspectionType: 'fire_alarm', lastDone: { requirements: [{ libraryId: library.get('12-year hydrostatic test'), lastDoneOn: null }] } });
    expect(otherType.json().fieldErrors).toEqual({ 'lastDone.requirements.0.libraryId': ['Choose an activity of Fire Alarm'] });
    const own = await scheduleFirst(s, { lastDone: { lastDoneOn: null, requirements: [{ libraryId: library.get('Annual maintenance'), lastDoneOn: '2025-05-01' }] } });
    expect(own.statusCode).toBe(400);
    expect(own.json().fieldErrors).toEqual({
      'lastDone.requirements.0.libraryId': ["This inspection is for Annual maintenance: it is due on the inspection's due date"],
    });
    expect(await requirementsOf(s)).toEqual([]);
    expect((await s.agent.get(`/api/properties/${s.property.id}/inspections`)).json()).toEqual([]);
  });
});
