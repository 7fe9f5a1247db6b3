import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro, revokePro } from '../subscription/subscription.service';

/** Completing an inspection with a result schedules the next one of its requirement. */
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

async function withProperty(plan: 'pro' | 'free' = 'pro'): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'America/Chicago' });
  if (plan === 'pro') await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const requirementsOf = async (s: Session) => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const byActivity = async (s: Session, activity: string) => (await requirementsOf(s)).find((r: { activity: string }) => r.activity === activity);
const openOf = async (s: Session) =>
  (await s.agent.get('/api/inspections?sort=due_asc')).json().filter((i: { status: string }) => i.status === 'scheduled' || i.status === 'in_progress');

/** Emergency lighting with its monthly test scheduled for `dueDate`. */
async function monthlyTest(s: Session, dueDate: string) {
  const library = (await s.agent.get('/api/requirements/library')).json();
  const monthly = library.find((l: { activity: string }) => l.activity === 'Monthly 30-second functional test');
  const res = await s.agent.post('/api/inspections', {
    propertyId: s.property.id,
    inspectionType: 'emergency_lighting',
    libraryId: monthly.id,
    dueDate,
    assignedTo: 'Dana Cole',
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('completing with a result', () => {
  it('schedules the next inspection of the same requirement, counted from the day it was performed', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const test = await monthlyTest(s, '2026-04-12');
    expect(test.requirement).toMatchObject({ activity: 'Monthly 30-second functional test', principal: false });

    const res = await s.agent.put(`/api/inspections/${test.id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-08' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: test.id, status: 'completed', complianceResult: 'compliant' });
    expect(res.json().nextDue).toMatchObject({ activity: 'Monthly 30-second functional test', dueDate: '2026-05-08', notScheduledReason: null });

    const next = (await s.agent.get(`/api/inspections/${res.json().nextDue.inspectionId}`)).json();
    expect(next).toMatchObject({
      inspectionType: 'emergency_lighting',
      dueDate: '2026-05-08',
      status: 'scheduled',
      assignedTo: 'Dana Cole',
      requirement: { activity: 'Monthly 30-second functional test' },
    });
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    expect(monthly).toMatchObject({ lastDoneOn: '2026-04-08', lastResult: 'compliant', nextDueDate: '2026-05-08', openInspection: { id: next.id }, dueNotScheduled: false });
  });

  it('an inspection that names no requirement counts for the principal (annual) one', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'emergency_lighting', dueDate: '2026-04-10', assignedTo: 'Sam Ortiz' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(res.json().nextDue).toMatchObject({ activity: 'Annual 90-minute test', dueDate: '2027-04-10', notScheduledReason: null });
    expect(await byActivity(s, 'Annual 90-minute test')).toMatchObject({ principal: true, lastDoneOn: '2026-04-10', nextDueDate: '2027-04-10' });
  });

  it('schedules nothing when automatic scheduling is off; the requirement is then due, not scheduled', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const test = await monthlyTest(s, '2026-04-10');
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    expect((await s.agent.put(`/api/requirements/${monthly.id}`, { autoSchedule: false })).statusCode).toBe(200);
    const res = await s.agent.put(`/api/inspections/${test.id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-01' });
    expect(res.json().nextDue).toEqual({
      requirementId: monthly.id,
      activity: 'Monthly 30-second functional test',
      dueDate: '2026-05-01',
      inspectionId: null,
      notScheduledReason: 'auto_schedule_off',
    });
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ dueNotScheduled: true, openInspection: null });
  });

  it('schedules nothing on the Free plan at its open-inspection limit', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const test = await monthlyTest(s, '2026-04-10');
    await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate: '2026-06-01', assignedTo: 'Sam Ortiz' });
    // Pro ends with two inspections open: everything stays, but nothing more is created.
    await revokePro(ctx.runtime.db, s.user.username);
    const res = await s.agent.put(`/api/inspections/${test.id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().nextDue).toMatchObject({ dueDate: '2026-05-01', inspectionId: null, notScheduledReason: 'plan_limit' });
    expect((await openOf(s)).map((i: { inspectionType: string }) => i.inspectionType)).toEqual(['fire_alarm']);
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ dueNotScheduled: true });
  });

  it('on the Free plan, completing the one open inspection leaves room for the next', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty('free');
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate: '2026-04-10', assignedTo: 'Sam Ortiz' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(res.json().nextDue).toMatchObject({ dueDate: '2027-04-10', notScheduledReason: null });
    expect((await openOf(s)).map((i: { dueDate: string }) => i.dueDate)).toEqual(['2027-04-10']);
  });

  it('does not bring back a next inspection that was deleted', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const test = await monthlyTest(s, '2026-04-10');
    const { nextDue } = (await s.agent.put(`/api/inspections/${test.id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-01' })).json();
    expect((await s.agent.delete(`/api/inspections/${nextDue.inspectionId}`)).statusCode).toBe(200);
    // Reading, listing, and recording notes on the completed one schedule nothing again.
    await s.agent.put(`/api/inspections/${test.id}`, { notes: 'Unit 4 flickers' });
    expect(await openOf(s)).toEqual([]);
    expect(await byActivity(s, 'Monthly 30-second functional test')).toMatchObject({ lastDoneOn: '2026-04-01', nextDueDate: '2026-05-01', dueNotScheduled: true });
  });

  it('leaves an inspection already open for the requirement as the next one', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const first = await monthlyTest(s, '2026-04-10');
    const second = await monthlyTest(s, '2026-05-12');
    const res = await s.agent.put(`/api/inspections/${first.id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(res.json().nextDue).toMatchObject({ dueDate: '2026-05-10', inspectionId: second.id, notScheduledReason: 'already_scheduled' });
    expect((await openOf(s)).map((i: { id: number }) => i.id)).toEqual([second.id]);
  });

  it('Quick Complete schedules nothing; recording the result later does', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    const test = await monthlyTest(s, '2026-04-10');
    const quick = await s.agent.put(`/api/inspections/${test.id}`, { status: 'completed' });
    expect(quick.json()).toMatchObject({ status: 'completed', complianceResult: null, nextDue: null });
    expect(await openOf(s)).toEqual([]);

    const recorded = await s.agent.put(`/api/inspections/${test.id}`, { complianceResult: 'compliant' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ complianceResult: 'compliant', nextDue: { dueDate: '2026-05-10', notScheduledReason: null } });
    expect((await openOf(s)).map((i: { dueDate: string }) => i.dueDate)).toEqual(['2026-05-10']);
  });

  it('refuses a requirement of another type or property, and one switched off', async () => {
    setNow('2026-04-10T15:00:00Z');
    const s = await withProperty();
    await monthlyTest(s, '2026-04-10');
    const monthly = await byActivity(s, 'Monthly 30-second functional test');
    const wrongType = await s.agent.post('/api/inspections', {
      propertyId: s.property.id, inspectionType: 'fire_alarm', requirementId: monthly.id, dueDate: '2026-04-20', assignedTo: 'Sam Ortiz',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors).toEqual({ requirementId: ['Choose an activity of this inspection type'] });

    const other = await withProperty();
    const theirs = await other.agent.post('/api/inspections', {
      propertyId: other.property.id, inspectionType: 'emergency_lighting', requirementId: monthly.id, dueDate: '2026-04-20', assignedTo: 'Sam Ortiz',
    });
    expect(theirs.json().fieldErrors).toEqual({ requirementId: ['Choose an activity of this inspection type'] });

    const annual = await byActivity(s, 'Annual 90-minute test');
    await s.agent.put(`/api/requirements/${annual.id}`, { active: false, reason: 'Generator-backed lighting, no batteries' });
    const off = await s.agent.post('/api/inspections', {
      propertyId: s.property.id, inspectionType: 'emergency_lighting', requirementId: annual.id, dueDate: '2026-04-20', assignedTo: 'Sam Ortiz',
    });
    expect(off.json().fieldErrors).toEqual({ requirementId: ['This activity is switched off for this property. Switch it on first.'] });
  });
});
