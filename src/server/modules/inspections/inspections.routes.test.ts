import { todayInTimeZone } from '@shared/dates';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

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

async function proWithProperty(timeZone = 'UTC', name = 'Harbor View Offices') {
  const session = await ctx.signedIn({ timeZone });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name });
  return { ...session, property };
}

const schedule = (s: Session, body: Record<string, unknown>) =>
  s.agent.post('/api/inspections', { inspectionType: 'fire_extinguisher', assignedTo: 'Alex Inspector', ...body });

const items = async (s: Session, propertyId: number) => (await s.agent.get(`/api/properties/${propertyId}`)).json();

describe('POST /api/inspections', () => {
  it('schedules an inspection and starts tracking its item as never inspected', async () => {
    setNow('2026-04-01T12:00:00Z');
    const s = await proWithProperty();
    const res = await schedule(s, { propertyId: s.property.id, dueDate: '2026-06-15', notes: 'Bring the ladder', inspectionType: 'fire_alarm' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      propertyId: s.property.id,
      property: { id: s.property.id, name: 'Harbor View Offices' },
      inspectionType: 'fire_alarm',
      dueDate: '2026-06-15',
      status: 'scheduled',
      displayStatus: 'scheduled',
      assignedTo: 'Alex Inspector',
      notes: 'Bring the ladder',
      completedDate: null,
    });
    const property = await items(s, s.property.id);
    expect(property.status).toBe('pending');
    expect(property.complianceItems).toMatchObject([{ itemType: 'fire_alarm', status: 'never_inspected', nextDueDate: '2026-06-15', lastInspectionDate: null }]);
    expect(res.json().requirement).toMatchObject({ activity: 'Annual test', principal: true });
  });

  it('takes the calendar date of an ISO datetime as written, never shifted', async () => {
    const s = await proWithProperty('Asia/Tokyo');
    const res = await schedule(s, { propertyId: s.property.id, dueDate: '2030-05-01T23:30:00-05:00' });
    expect(res.json().dueDate).toBe('2030-05-01');
  });

  it("answers SPEC's messages for the form", async () => {
    const s = await proWithProperty();
    const res = await s.agent.post('/api/inspections', { propertyId: 0, inspectionType: 'bucket', dueDate: '', assignedTo: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      propertyId: ['Property is required'],
      inspectionType: ['Inspection type is required'],
      dueDate: ['Due date is required'],
      assignedTo: ['Assignee is required'],
    });
    const badDate = await schedule(s, { propertyId: s.property.id, dueDate: '2026-02-30' });
    expect(badDate.json().fieldErrors).toEqual({ dueDate: ['Due date is required'] });
  });

  it("is a 404 for someone else's property and 401 signed out", async () => {
    const s = await proWithProperty();
    const other = await proWithProperty();
    const res = await schedule(s, { propertyId: other.property.id, dueDate: '2030-01-01' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Property not found');
    expect((await ctx.agent().post('/api/inspections', {})).statusCode).toBe(401);
  });

  it('allows a free account one open inspection at a time, race-free', async () => {
    const s = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, s.user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => schedule(s, { propertyId: property.id, dueDate: '2030-01-01' })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json().code).toBe('PLAN_LIMIT_REACHED');
    expect(refused[0]!.json().message).toContain('Free accounts are limited to 1 scheduled inspection at a time');

    // Completing it frees the slot.
    const open = answers.find((a) => a.statusCode === 201)!.json();
    await s.agent.put(`/api/inspections/${open.id}`, { status: 'completed' });
    expect((await schedule(s, { propertyId: property.id, dueDate: '2030-02-01' })).statusCode).toBe(201);
  });
});

describe('completing an inspection', () => {
  it('on a past day, records it at noon of that day in the account zone, also at UTC+14', async () => {
    setNow('2026-04-10T00:00:00Z');
    const s = await proWithProperty('Pacific/Kiritimati');
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-12' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '2026-04-05' });
    expect(res.json().completedDate).toBe('2026-04-04T22:00:00.000Z');
    expect(todayInTimeZone('Pacific/Kiritimati', new Date(res.json().completedDate))).toBe('2026-04-05');
  });

  it('with compliant: the item and the property become compliant, next due in 12 months', async () => {
    // Fire doors: one requirement (NFPA 80's annual inspection), so the item is due when it is.
    setNow('2026-04-01T12:00:00Z');
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-03', inspectionType: 'fire_doors' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'All tags current' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', displayStatus: 'completed', complianceResult: 'compliant', completionNotes: 'All tags current' });
    expect(res.json().completedDate).toBe('2026-04-01T12:00:00.000Z');
    const property = await items(s, s.property.id);
    expect(property.status).toBe('compliant');
    expect(property.complianceItems).toMatchObject([
      { itemType: 'fire_doors', status: 'compliant', lastInspectionDate: '2026-04-01', nextDueDate: '2027-04-01' },
    ]);
  });

  it('with non_compliant: notes are required, then the property needs action', async () => {
    const s = await proWithProperty();
    await createProperty(ctx.runtime.db, s.user.id);
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2030-01-01', inspectionType: 'sprinkler_system' })).json();
    const missing = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ notes: ['Required for non-compliance'] });
    const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Valve 3 corroded' });
    expect(res.statusCode).toBe(200);
    const property = await items(s, s.property.id);
    expect(property.status).toBe('non_compliant');
    expect(property.complianceItems[0]).toMatchObject({ itemType: 'sprinkler_system', status: 'non_compliant' });
  });

  it('Quick Complete (no result) changes no compliance item and no property status', async () => {
    setNow('2026-04-01T12:00:00Z');
    const s = await proWithProperty();
    const first = (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-01', inspectionType: 'fire_alarm' })).json();
    await s.agent.put(`/api/inspections/${first.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Missing unit' });
    const before = await items(s, s.property.id);
    setNow('2026-04-20T12:00:00Z');
    const second = (await s.agent.get('/api/inspections?status=scheduled')).json()[0] ?? (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-20', inspectionType: 'fire_alarm' })).json();
    const res = await s.agent.put(`/api/inspections/${second.id}`, { status: 'completed', completedDate: new Date().toISOString() });
    expect(res.json()).toMatchObject({ status: 'completed', complianceResult: null });
    const after = await items(s, s.property.id);
    expect(after.complianceItems).toEqual(before.complianceItems);
    expect(after.status).toBe(before.status);
  });

  it('refuses to complete twice, or in the future', async () => {
    setNow('2026-04-01T12:00:00Z');
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-05' })).json();
    const future = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '2026-04-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ completedDate: ['Completion date cannot be in the future'] });
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed' });
    const again = await s.agent.put(`/api/inspections/${id}`, { status: 'completed' });
    expect(again.statusCode).toBe(409);
  });
});

describe('rescheduling and editing', () => {
  it('moves the due date with a reason, never to a day before today', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2026-04-12', inspectionType: 'fire_alarm' })).json();
    const past = await s.agent.put(`/api/inspections/${id}`, { dueDate: '2026-04-09', rescheduleReason: 'Tenant away' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual({ dueDate: ['Choose today or a later date'] });
    const res = await s.agent.put(`/api/inspections/${id}`, { dueDate: '2026-04-24', rescheduleReason: 'Tenant away' });
    expect(res.json()).toMatchObject({ dueDate: '2026-04-24', rescheduleReason: 'Tenant away', displayStatus: 'scheduled' });
    // The never-inspected item follows its inspection.
    expect((await items(s, s.property.id)).complianceItems[0].nextDueDate).toBe('2026-04-24');
    const noDate = await s.agent.put(`/api/inspections/${id}`, { rescheduleReason: 'x' });
    expect(noDate.json().fieldErrors).toEqual({ dueDate: ['New date is required'] });
  });

  it('edits type, assignee and notes, and moves the item with the type', async () => {
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2030-01-01' })).json();
    const res = await s.agent.put(`/api/inspections/${id}`, { inspectionType: 'fire_doors', assignedTo: 'Jo Smith', notes: 'Panel in basement', dueDate: '2030-01-05' });
    expect(res.json()).toMatchObject({ inspectionType: 'fire_doors', assignedTo: 'Jo Smith', notes: 'Panel in basement', dueDate: '2030-01-05' });
    expect((await items(s, s.property.id)).complianceItems).toMatchObject([{ itemType: 'fire_doors', nextDueDate: '2030-01-05' }]);
    const bad = await s.agent.put(`/api/inspections/${id}`, { assignedTo: '' });
    expect(bad.json().fieldErrors).toEqual({ assignedTo: ['Assignee is required'] });
  });
});

describe('edge cases', () => {
  it('saves the edit form of a cancelled inspection, which sends every field unchanged', async () => {
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2030-01-01' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'cancelled' });
    const res = await s.agent.put(`/api/inspections/${id}`, {
      inspectionType: 'fire_extinguisher', dueDate: '2030-01-01', assignedTo: 'New Person', notes: 'Called off', status: 'cancelled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', assignedTo: 'New Person' });
  });

  it('answers impossible ids and dates with 400, never 500', async () => {
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2030-01-01' })).json();
    const cases = [
      await s.agent.get('/api/inspections?propertyId=2147483648'),
      await s.agent.get('/api/inspections?from=0000-01-01'),
      await schedule(s, { propertyId: 2147483648, dueDate: '2030-01-01' }),
      await schedule(s, { propertyId: s.property.id, dueDate: '0000-01-01' }),
      await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '2025-13-45' }),
      await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '2025-02-30' }),
      await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '-000001-01-01T00:00:00Z' }),
      await s.agent.put(`/api/inspections/${id}`, { status: 'completed', completedDate: '1' }),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    expect((await s.agent.get(`/api/inspections/${id}`)).json().status).toBe('scheduled');
  });
});

describe('deleting', () => {
  it('removes the inspection and the item it alone was tracking', async () => {
    const s = await proWithProperty();
    const { id } = (await schedule(s, { propertyId: s.property.id, dueDate: '2030-01-01' })).json();
    expect((await s.agent.delete(`/api/inspections/${id}`)).json()).toEqual({ success: true });
    expect((await s.agent.get(`/api/inspections/${id}`)).statusCode).toBe(404);
    expect((await items(s, s.property.id)).complianceItems).toEqual([]);
  });
});

describe('ownership', () => {
  it("is a 404 on every route for another account's inspection", async () => {
    const mine = await proWithProperty();
    const theirs = await proWithProperty();
    const { id } = (await schedule(theirs, { propertyId: theirs.property.id, dueDate: '2030-01-01' })).json();
    for (const res of [
      await mine.agent.get(`/api/inspections/${id}`),
      await mine.agent.put(`/api/inspections/${id}`, { status: 'completed' }),
      await mine.agent.put(`/api/inspections/${id}`, { dueDate: '2031-01-01' }),
      await mine.agent.delete(`/api/inspections/${id}`),
      await mine.agent.get(`/api/inspections/${id}/reminder-logs`),
      await mine.agent.get(`/api/properties/${theirs.property.id}/inspections`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await mine.agent.get('/api/inspections')).json()).toEqual([]);
    expect((await theirs.agent.get(`/api/inspections/${id}`)).statusCode).toBe(200);
    expect((await theirs.agent.get(`/api/inspections/${id}/reminder-logs`)).json()).toEqual([]);
  });

  it('is 401 signed out on every route', async () => {
    for (const res of [
      await ctx.agent().get('/api/inspections'),
      await ctx.agent().get('/api/inspections/upcoming'),
      await ctx.agent().get('/api/inspections/1'),
      await ctx.agent().put('/api/inspections/1', {}),
      await ctx.agent().delete('/api/inspections/1'),
      await ctx.agent().get('/api/inspections/1/reminder-logs'),
      await ctx.agent().get('/api/properties/1/inspections'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('lists', () => {
  async function portfolio(timeZone = 'UTC') {
    const s = await proWithProperty(timeZone, 'Alpha Tower');
    const beta = await createProperty(ctx.runtime.db, s.user.id, { name: 'Beta Clinic' });
    const add = (propertyId: number, dueDate: string, extra: Partial<Parameters<typeof createInspectionRow>[1]> = {}) =>
      createInspectionRow(ctx.runtime.db, { organizationId: s.user.id, propertyId, dueDate, ...extra });
    return { s, alpha: s.property, beta, add };
  }

  it('derives overdue, due soon and scheduled around the 7-day edge', async () => {
    setNow('2026-04-10T12:00:00Z');
    const { s, alpha, add } = await portfolio();
    await add(alpha.id, '2026-04-09'); // yesterday
    await add(alpha.id, '2026-04-10'); // today
    await add(alpha.id, '2026-04-17'); // today + 7
    await add(alpha.id, '2026-04-18'); // today + 8
    await add(alpha.id, '2026-04-01', { status: 'completed' });
    const all = (await s.agent.get('/api/inspections?sort=due_asc')).json();
    expect(all.map((i: { dueDate: string; displayStatus: string }) => `${i.dueDate} ${i.displayStatus}`)).toEqual([
      '2026-04-01 completed',
      '2026-04-09 overdue',
      '2026-04-10 due_soon',
      '2026-04-17 due_soon',
      '2026-04-18 scheduled',
    ]);
    const dates = async (status: string) => (await s.agent.get(`/api/inspections?status=${status}`)).json().map((i: { dueDate: string }) => i.dueDate);
    expect(await dates('overdue')).toEqual(['2026-04-09']);
    expect(await dates('due_soon')).toEqual(['2026-04-10', '2026-04-17']);
    expect(await dates('scheduled')).toEqual(['2026-04-18']);
    expect(await dates('completed')).toEqual(['2026-04-01']);
    expect(await dates('open')).toEqual(['2026-04-09', '2026-04-10', '2026-04-17', '2026-04-18']);
  });

  it('decides "today" in the account\'s time zone, across the date line', async () => {
    // 20:00 UTC on April 9 is already April 10 in Auckland and still April 9 in Honolulu.
    setNow('2026-04-09T20:00:00Z');
    const east = await portfolio('Pacific/Auckland');
    await east.add(east.alpha.id, '2026-04-09');
    const west = await portfolio('Pacific/Honolulu');
    await west.add(west.alpha.id, '2026-04-09');
    expect((await east.s.agent.get('/api/inspections')).json()[0].displayStatus).toBe('overdue');
    expect((await west.s.agent.get('/api/inspections')).json()[0].displayStatus).toBe('due_soon');
  });

  it('upcoming: open inspections due within 30 days, overdue included, soonest first', async () => {
    setNow('2026-04-10T12:00:00Z');
    const { s, alpha, beta, add } = await portfolio();
    await add(beta.id, '2026-05-10'); // day 30
    await add(alpha.id, '2026-05-11'); // day 31
    await add(alpha.id, '2026-03-01'); // overdue
    await add(alpha.id, '2026-04-11', { status: 'in_progress' });
    await add(alpha.id, '2026-04-12', { status: 'cancelled' });
    await add(alpha.id, '2026-04-13', { status: 'completed' });
    const res = await s.agent.get('/api/inspections/upcoming');
    expect(res.json().map((i: { dueDate: string }) => i.dueDate)).toEqual(['2026-03-01', '2026-04-11', '2026-05-10']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json()[2].property).toEqual({ id: beta.id, name: 'Beta Clinic' });
    const inProgress = await s.agent.get('/api/inspections/upcoming?status=due_soon');
    expect(inProgress.json().map((i: { status: string }) => i.status)).toEqual(['in_progress']);
  });

  it('searches property name and assignee, filters by type and date range, pages', async () => {
    const { s, alpha, beta, add } = await portfolio();
    await add(alpha.id, '2030-01-05', { assignedTo: 'Dana Cole', inspectionType: 'fire_alarm' });
    await add(beta.id, '2030-01-20', { assignedTo: 'Lee Park', inspectionType: 'sprinkler_system' });
    await add(beta.id, '2030-02-03', { assignedTo: 'Dana Cole', inspectionType: 'fire_alarm' });
    const dates = async (query: string) => (await s.agent.get(`/api/inspections?${query}`)).json().map((i: { dueDate: string }) => i.dueDate);
    expect(await dates('q=beta')).toEqual(['2030-01-20', '2030-02-03']);
    expect(await dates('q=dana')).toEqual(['2030-01-05', '2030-02-03']);
    expect(await dates('type=fire_alarm&q=clinic')).toEqual(['2030-02-03']);
    expect(await dates('from=2030-01-01&to=2030-01-31')).toEqual(['2030-01-05', '2030-01-20']);
    expect(await dates('sort=due_desc&limit=1&offset=1')).toEqual(['2030-01-20']);
    expect(await dates('sort=property')).toEqual(['2030-01-05', '2030-01-20', '2030-02-03']);
    const forBeta = await s.agent.get(`/api/properties/${beta.id}/inspections`);
    expect(forBeta.json().map((i: { dueDate: string }) => i.dueDate)).toEqual(['2030-01-20', '2030-02-03']);
    const bad = await s.agent.get('/api/inspections?status=late&type=hose&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ type: ['Unknown inspection type'], status: ['Unknown status'], from: ['Invalid date'] });
  });
});

describe('GET /api/inspections?propertyIds= (an Insight link to chosen properties)', () => {
  it('lists the chosen properties\' inspections in a range of dates, the total counting them', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await proWithProperty('UTC', 'Alpha Tower');
    const beta = await createProperty(ctx.runtime.db, s.user.id, { name: 'Beta Clinic' });
    const gamma = await createProperty(ctx.runtime.db, s.user.id, { name: 'Gamma School' });
    const add = (propertyId: number, dueDate: string) => createInspectionRow(ctx.runtime.db, { organizationId: s.user.id, propertyId, dueDate });
    await add(s.property.id, '2026-04-13');
    await add(beta.id, '2026-04-14');
    await add(gamma.id, '2026-04-15');
    await add(beta.id, '2026-05-20');

    const week = await s.agent.get(`/api/inspections?from=2026-04-13&to=2026-04-19&propertyIds=${s.property.id},${beta.id}`);
    expect(week.json().map((i: { dueDate: string; property: { name: string } }) => `${i.dueDate} ${i.property.name}`)).toEqual([
      '2026-04-13 Alpha Tower',
      '2026-04-14 Beta Clinic',
    ]);
    expect(week.headers['x-total-count']).toBe('2');
    expect((await s.agent.get(`/api/inspections?propertyIds=${beta.id}`)).headers['x-total-count']).toBe('2');
    expect((await s.agent.get(`/api/inspections?propertyId=${gamma.id}`)).headers['x-total-count']).toBe('1');
  });

  it("answers another organisation's property as nothing, and bad ids with the field's message", async () => {
    const mine = await proWithProperty();
    const theirs = await proWithProperty();
    await createInspectionRow(ctx.runtime.db, { organizationId: theirs.user.id, propertyId: theirs.property.id, dueDate: '2026-04-14' });
    const none = await mine.agent.get(`/api/inspections?propertyIds=${theirs.property.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');

    const bad = await mine.agent.get('/api/inspections?propertyIds=2;3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ propertyIds: ['Property ids must be numbers separated by commas'] });
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await mine.agent.get(`/api/inspections?propertyIds=${many}`)).json().fieldErrors).toEqual({ propertyIds: ['Choose at most 500 properties'] });
  });
});
