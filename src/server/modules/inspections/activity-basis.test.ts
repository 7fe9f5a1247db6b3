import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createMember } from '../../db/seed/users';
import { pdfPages } from '../../testing/pdf-text';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 37: a check of one requirement never resets another. An inspection says how its
 * activity was known; SPEC's call without one counts for the principal requirement and says
 * "not stated"; completions not stated or assumed are listed for review, where naming the
 * activity moves the completion and both requirements settle again.
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
type Row = Record<string, unknown>;
const REVIEW = '/api/inspections/activity-review';

async function withProperty(name = 'Harbor View'): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'America/Chicago' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name });
  return { ...session, property };
}

const requirementsOf = async (s: Session, propertyId = s.property.id) => (await s.agent.get(`/api/properties/${propertyId}/requirements`)).json() as Row[];
const byActivity = async (s: Session, activity: string) => (await requirementsOf(s)).find((r) => r.activity === activity)!;

async function schedule(s: Session, body: Row = {}) {
  const res = await s.agent.post('/api/inspections', {
    propertyId: s.property.id,
    inspectionType: 'emergency_lighting',
    dueDate: '2026-04-12',
    assignedTo: 'Dana Cole',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row & { id: number };
}

const complete = (s: Session, id: number, body: Row = {}) =>
  s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-08', ...body });

/** Emergency lighting scheduled the SPEC way (no activity) and completed: one to review. */
async function unstatedCompletion(s: Session) {
  const inspection = await schedule(s);
  expect((await complete(s, inspection.id)).statusCode).toBe(200);
  return inspection;
}

describe('how an inspection’s activity was known', () => {
  it('SPEC’s call without an activity counts for the principal requirement and says "not stated"; naming one says "stated"', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await schedule(s);
    expect(unstated).toMatchObject({ requirement: { activity: 'Annual 90-minute test', principal: true }, activityBasis: 'not_stated' });

    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    const stated = await schedule(s, { requirementId: monthly.id, dueDate: '2026-04-20' });
    expect(stated).toMatchObject({ requirement: { activity: 'Monthly 30-second functional test' }, activityBasis: 'stated' });
    const annual = await byActivity(s, 'Annual 90-minute test');
    expect(await schedule(s, { requirementId: annual.id, dueDate: '2026-05-01' })).toMatchObject({ activityBasis: 'stated' });

    // The list and the inspection itself say the same.
    const listed = (await s.agent.get(`/api/properties/${s.property.id}/inspections`)).json() as Row[];
    expect(listed.find((i) => i.id === unstated.id)).toMatchObject({ activityBasis: 'not_stated' });
    expect((await s.agent.get(`/api/inspections/${stated.id}`)).json()).toMatchObject({ activityBasis: 'stated' });
  });

  it('a type with one requirement has nothing to choose: stated without naming it', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const other = await schedule(s, { inspectionType: 'other' });
    expect((await requirementsOf(s)).filter((r) => r.itemType === 'other')).toHaveLength(1);
    expect(other).toMatchObject({ activityBasis: 'stated' });
  });

  it('naming the activity later (edit) makes it stated', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await schedule(s);
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    const res = await s.agent.put(`/api/inspections/${unstated.id}`, { requirementId: monthly.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requirement: { id: monthly.id }, activityBasis: 'stated' });
  });

  it('completing with the activity named counts for it, stated, and leaves the principal one as it was', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await schedule(s);
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    const res = await complete(s, unstated.id, { requirementId: monthly.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requirement: { id: monthly.id }, activityBasis: 'stated', nextDue: { activity: 'Monthly 30-second functional test', dueDate: '2026-05-08' } });
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ lastDoneOn: '2026-04-08', nextDueDate: '2026-05-08' });
    expect(await byActivity(s, 'Annual 90-minute test')).toMatchObject({ lastDoneOn: null });
  });

  it('a history row without an activity is "not stated"; with one, "stated"', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'emergency_lighting', nextDueDate: '2026-06-01' });
    const res = await s.agent.post('/api/inspection-history/import', {
      rows: [
        { property: 'Harbor View', itemType: 'Emergency lighting', performedOn: '2026-01-05', result: 'pass' },
        { property: 'Harbor View', itemType: 'Emergency lighting', activity: 'Monthly', performedOn: '2026-03-05', result: 'pass' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [without, named] = res.json().rows as { inspectionId: number }[];
    expect((await s.agent.get(`/api/inspections/${without!.inspectionId}`)).json()).toMatchObject({ activityBasis: 'not_stated', requirement: { principal: true } });
    expect((await s.agent.get(`/api/inspections/${named!.inspectionId}`)).json()).toMatchObject({ activityBasis: 'stated' });
  });
});

describe('in the report', () => {
  it('the inspection history says "Activity not stated" beside the activity', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    await unstatedCompletion(s);
    const report = await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' });
    expect(report.statusCode, report.body).toBe(201);
    const text = (await pdfPages((await s.agent.get(report.json().downloadUrl)).rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Annual 90-minute test (Activity not stated)');
  });
});

describe('listed for review', () => {
  it('lists completions not stated, for types with several requirements, with the activities to choose; none once named', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    // Open ones and single-requirement types are not listed.
    await schedule(s, { dueDate: '2026-06-01' });
    const other = await schedule(s, { inspectionType: 'other' });
    await complete(s, other.id);

    const res = await s.agent.get(REVIEW);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const [item] = res.json() as Row[];
    expect(item).toMatchObject({
      id: unstated.id,
      property: { id: s.property.id, name: 'Harbor View' },
      inspectionType: 'emergency_lighting',
      performedOn: '2026-04-08',
      activityBasis: 'not_stated',
      requirement: { activity: 'Annual 90-minute test', principal: true },
    });
    expect((item!.activities as Row[]).map((a) => a.activity)).toEqual(['Annual 90-minute test', 'Monthly 30-second functional test']);
    expect((await s.agent.get(`${REVIEW}?propertyId=${s.property.id}&limit=1`)).headers['x-total-count']).toBe('1');
  });

  it('naming the right activity moves the completion: the principal requirement loses it, the named one gets it, and the dates follow', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    expect(await byActivity(s, 'Annual 90-minute test')).toMatchObject({ lastDoneOn: '2026-04-08', nextDueDate: '2027-04-08' });
    const monthly = await byActivity(s, 'Monthly 30-second functional test');

    const res = await s.agent.put(`/api/inspections/${unstated.id}`, { requirementId: monthly.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', requirement: { id: monthly.id }, activityBasis: 'stated' });
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ lastDoneOn: '2026-04-08', lastResult: 'compliant', nextDueDate: '2026-05-08' });
    // Never done now: due at the latest today, and the inspection that waited on next April with it.
    const annual = await byActivity(s, 'Annual 90-minute test');
    expect(annual).toMatchObject({ lastDoneOn: null, lastResult: null, nextDueDate: '2026-04-10' });
    const open = (await s.agent.get(`/api/properties/${s.property.id}/inspections?status=open`)).json() as Row[];
    expect(open.find((i) => (i.requirement as Row).id === annual.id)).toMatchObject({ dueDate: '2026-04-10' });

    expect((await s.agent.get(REVIEW)).headers['x-total-count']).toBe('0');
  });

  it('naming it can be undone: the completion counts for the principal requirement again, still to review', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    const named = await s.agent.put(`/api/inspections/${unstated.id}`, { requirementId: monthly.id });
    const token = named.headers['x-undo-token'] as string;
    expect((await s.agent.post(`/api/undo/${token}`, {})).statusCode).toBe(200);
    expect((await s.agent.get(`/api/inspections/${unstated.id}`)).json()).toMatchObject({ activityBasis: 'not_stated', requirement: { principal: true } });
    expect(await byActivity(s, 'Annual 90-minute test')).toMatchObject({ lastDoneOn: '2026-04-08', nextDueDate: '2027-04-08' });
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ lastDoneOn: null });
    expect((await s.agent.get(REVIEW)).headers['x-total-count']).toBe('1');
  });

  it('confirming the activity it counts for makes it stated and moves nothing', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    const annual = await byActivity(s, 'Annual 90-minute test');
    const res = await s.agent.put(`/api/inspections/${unstated.id}`, { requirementId: annual.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ activityBasis: 'stated', requirement: { id: annual.id } });
    expect(await byActivity(s, 'Annual 90-minute test')).toMatchObject({ lastDoneOn: '2026-04-08', nextDueDate: '2027-04-08' });
    expect((await s.agent.get(REVIEW)).json()).toEqual([]);
  });

  it('an activity of another type or property is refused with a field message', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    const other = await schedule(s, { inspectionType: 'other' });
    const res = await s.agent.put(`/api/inspections/${unstated.id}`, { requirementId: (other.requirement as Row).id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ requirementId: ['Choose an activity of this inspection type'] });
  });

  it('is scoped to the organisation and to the member’s properties; another organisation’s inspection is 404; an inspector gets 403', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const unstated = await unstatedCompletion(s);
    const annual = await byActivity(s, 'Annual 90-minute test');

    const stranger = await withProperty('Elsewhere');
    expect((await stranger.agent.get(REVIEW)).json()).toEqual([]);
    expect((await stranger.agent.put(`/api/inspections/${unstated.id}`, { requirementId: annual.id })).statusCode).toBe(404);
    expect((await stranger.agent.get(`${REVIEW}?propertyId=${s.property.id}`)).statusCode).toBe(404);

    // A manager given another property sees none of this one's.
    const elsewhere = await createProperty(ctx.runtime.db, s.user.id, { name: 'North Yard' });
    const manager = await createMember(ctx.runtime.db, { organizationId: s.user.id, role: 'manager', propertyIds: [elsewhere.id] });
    const managerAgent = ctx.agent();
    await managerAgent.post('/api/auth/login', { username: manager.user.username, password: manager.password });
    expect((await managerAgent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
    const seen = await managerAgent.get(REVIEW);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-total-count']).toBe('0');
    expect((await managerAgent.put(`/api/inspections/${unstated.id}`, { requirementId: annual.id })).statusCode).toBe(404);

    // An inspector completes inspections but does not choose what they counted for.
    const inspector = await createMember(ctx.runtime.db, { organizationId: s.user.id, role: 'inspector' });
    const inspectorAgent = ctx.agent();
    await inspectorAgent.post('/api/auth/login', { username: inspector.user.username, password: inspector.password });
    expect((await inspectorAgent.post(`/api/organizations/${s.user.id}/switch`)).statusCode).toBe(200);
    expect((await inspectorAgent.put(`/api/inspections/${unstated.id}`, { requirementId: annual.id })).statusCode).toBe(403);

    expect((await s.agent.get(REVIEW)).headers['x-total-count']).toBe('1');
  });
});
