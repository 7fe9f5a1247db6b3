import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { LIBRARY } from './library';

/**
 * Decision 041: a sprinkler field test, a smoke alarm's or a non-rechargeable extinguisher's
 * replacement count from the day the equipment was installed or made, not from when they
 * were last done: the first at that day plus its first interval, later ones every interval.
 * Not known, they are due a year out, estimated, never overdue the day they are added.
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
  libraryId: number;
  activity: string;
  active: boolean;
  nextDueDate: string;
  intervalMonths: number | null;
  lastDoneStatedOn: string | null;
  lastDoneKnown: boolean;
  nextDueEstimated: boolean;
  countsFrom: string;
  status: string;
};

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const add = (s: Session, body: Record<string, unknown>) => s.agent.post(`/api/properties/${s.property.id}/safety-items`, body);
const requirementsOf = async (s: Session): Promise<Row[]> => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const byActivity = (rows: Row[], activity: string) => rows.find((r) => r.activity === activity)!;
const libraryOf = async (s: Session, itemType: string) =>
  new Map(((await s.agent.get('/api/requirements/library')).json() as { id: number; itemType: string; activity: string }[]).filter((l) => l.itemType === itemType).map((l) => [l.activity, l.id]));

describe('requirements counted from installation or manufacture', () => {
  it('gives every row counted from installation or manufacture, and only those, a first interval', () => {
    for (const { codeSet, entries } of Object.values(LIBRARY)) {
      for (const e of entries) {
        const fromADay = e.countsFrom === 'installation' || e.countsFrom === 'manufacture';
        expect({ codeSet, key: e.key, firstAfter: e.firstAfter !== undefined }).toEqual({ codeSet, key: e.key, firstAfter: fromADay });
      }
    }
  });

  it('first tests standard sprinklers installed in 2015 in 2065, then every 10 years after a test', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await libraryOf(s, 'sprinkler_system');
    const fieldTest = library.get('Sprinkler field test at 50 years')!;
    const res = await add(s, {
      itemType: 'sprinkler_system',
      answers: { sprinkler_kinds: ['standard'] },
      lastDoneOn: '2026-03-15',
      requirements: [{ libraryId: fieldTest, lastDoneOn: '2015-03-01' }],
    });
    expect(res.statusCode).toBe(201);
    const row = byActivity(res.json(), 'Sprinkler field test at 50 years');
    expect(row).toMatchObject({ countsFrom: 'installation', lastDoneStatedOn: '2015-03-01', intervalMonths: 120, nextDueDate: '2065-03-01', nextDueEstimated: false });
    expect(row.status).not.toBe('overdue');
    // The quarterly rows keep counting from when they were last done.
    expect(byActivity(res.json(), 'Quarterly inspection')).toMatchObject({ countsFrom: 'last_done' });

    // A field test done (early, say after a recall) restarts it: 10 years on, not 50.
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'sprinkler_system', requirementId: row.id, dueDate: '2026-04-10', assignedTo: 'Dana Cole' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-08' });
    expect(byActivity(await requirementsOf(s), 'Sprinkler field test at 50 years')).toMatchObject({ lastDoneOn: '2026-04-08', nextDueDate: '2036-04-08' });
  });

  it('replaces a smoke alarm made in 2020 in 2030', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const library = await libraryOf(s, 'smoke_co_alarms');
    const replacement = library.get('10-year smoke alarm replacement')!;
    const res = await add(s, {
      itemType: 'smoke_co_alarms',
      answers: { dwelling_alarm_kinds: ['smoke'] },
      lastDoneOn: '2026-04-01',
      requirements: [{ libraryId: replacement, lastDoneOn: '2020-05-01' }],
    });
    expect(res.statusCode).toBe(201);
    expect(byActivity(res.json(), '10-year smoke alarm replacement')).toMatchObject({ countsFrom: 'manufacture', lastDoneStatedOn: '2020-05-01', nextDueDate: '2030-05-01' });
    expect(res.json()[0].changes[0].detail).toBe('Added with Smoke and CO Alarms (dwelling units); last done Apr 1, 2026');
  });

  it('estimates a date not known a year out, not overdue, and counts it as a date to find; the date given later sets it', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const res = await add(s, { itemType: 'sprinkler_system', answers: { sprinkler_kinds: ['standard'] }, lastDoneOn: null });
    expect(res.statusCode).toBe(201);
    const row = byActivity(res.json(), 'Sprinkler field test at 50 years');
    expect(row).toMatchObject({ nextDueDate: '2027-04-10', nextDueEstimated: true, lastDoneKnown: false, countsFrom: 'installation' });
    // Rows counted from when they were last done stay due now (decision 034).
    expect(byActivity(res.json(), 'Quarterly inspection')).toMatchObject({ nextDueDate: '2026-04-10', nextDueEstimated: false });
    const item = (await s.agent.get(`/api/properties/${s.property.id}`)).json().complianceItems[0];
    const dueNow = (res.json() as Row[]).filter((r) => r.active && r.countsFrom === 'last_done').length;
    expect(item.lastDoneUnknownCount).toBe(dueNow + 1);

    // Someone reads the label: the first test counts from it.
    const bad = await s.agent.put(`/api/requirements/${row.id}`, { countsFromDate: '2027-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ countsFromDate: ['The day it was installed cannot be in the future'] });
    const quarterly = byActivity(res.json(), 'Quarterly inspection');
    const wrong = await s.agent.put(`/api/requirements/${quarterly.id}`, { countsFromDate: '2015-03-01' });
    expect(wrong.statusCode).toBe(400);
    const set = await s.agent.put(`/api/requirements/${row.id}`, { countsFromDate: '2015-03-01' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ lastDoneStatedOn: '2015-03-01', nextDueDate: '2065-03-01', nextDueEstimated: false, lastDoneKnown: true });
    expect(set.json().changes[0]).toMatchObject({ kind: 'date_stated', detail: 'Installed Mar 1, 2015', changedBy: 'Jordan Lee' });
  });

  it('adds a replacement the answers bring in a year out, estimated', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    expect((await add(s, { itemType: 'fire_extinguisher', answers: { recharge: ['rechargeable'] }, lastDoneOn: '2026-03-15' })).statusCode).toBe(201);
    const answered = await s.agent.put(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`, { answers: { recharge: ['non_rechargeable'] } });
    expect(answered.statusCode).toBe(200);
    const row = byActivity(await requirementsOf(s), 'Replace non-rechargeable units (12 years from manufacture)');
    expect(row).toMatchObject({ active: true, nextDueDate: '2027-04-10', nextDueEstimated: true, lastDoneKnown: false, countsFrom: 'manufacture' });
  });
});
