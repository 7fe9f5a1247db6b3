import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { createProperty } from '../../db/seed/properties';
import { usNfpa } from './library/us-nfpa';
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

type Session = Awaited<ReturnType<TestContext['signedIn']>> & { property: { id: number } };

async function withProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const requirementsOf = async (s: Session) => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const addItem = (s: Session, itemType: string, nextDueDate: string) => s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType, nextDueDate });

describe('GET /api/requirements/library', () => {
  it('lists the default schedule with a source for every entry and one principal requirement per type', async () => {
    const { agent } = await ctx.signedIn();
    const library = (await agent.get('/api/requirements/library')).json() as {
      itemType: InspectionType; activity: string; intervalMonths: number | null; intervalDays: number | null; source: string; principal: boolean;
    }[];
    const row = (l: { itemType: string; activity: string; source: string; principal: boolean }, interval: string) => [l.itemType, l.activity, interval, l.source, l.principal].join(' | ');
    // The library's data (library/us-nfpa/, listed in docs/compliance-schedule.md), in its order per type.
    const data = INSPECTION_TYPES.flatMap((t) => usNfpa.entries.filter((e) => e.itemType === t)).map((e) =>
      row({ ...e, principal: e.principal ?? false }, 'months' in e.interval ? `${e.interval.months} months` : `${e.interval.days} days`),
    );
    expect(library.map((l) => row(l, l.intervalMonths !== null ? `${l.intervalMonths} months` : `${l.intervalDays} days`))).toEqual(data);
    expect(library.every((l) => l.source.trim().length > 0)).toBe(true);
    for (const itemType of INSPECTION_TYPES) expect(library.filter((l) => l.itemType === itemType && l.principal), itemType).toHaveLength(1);
    expect((await ctx.agent().get('/api/requirements/library')).statusCode).toBe(401);
  });
});

describe('safety items and their requirements', () => {
  it('adds a safety item with the library requirements of its type, with who added it', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const res = await addItem(s, 'emergency_lighting', '2026-06-01');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject([
      { activity: 'Monthly 30-second functional test', intervalMonths: 1, source: 'NFPA 101 (2021) 7.9.3.1.1', principal: false, active: true, autoSchedule: true,
        lastDoneOn: null, nextDueDate: '2026-05-10', status: 'never_inspected', dueNotScheduled: true, openInspection: null },
      { activity: 'Annual 90-minute test', intervalMonths: 12, principal: true, nextDueDate: '2026-06-01', dueNotScheduled: false },
    ]);
    expect(res.json()[0].changes).toMatchObject([{ kind: 'item_added', detail: 'Added with Emergency Lighting', changedBy: 'Jordan Lee', reason: null }]);
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.complianceItems).toMatchObject([{ itemType: 'emergency_lighting', status: 'never_inspected', nextDueDate: '2026-05-10' }]);

    const again = await addItem(s, 'emergency_lighting', '2026-06-01');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This property already has Emergency Lighting.', fieldErrors: { itemType: ['This property already has Emergency Lighting.'] } });
  });

  it('scheduling the first inspection of a type adds the safety item too', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_extinguisher', dueDate: '2026-04-20', assignedTo: 'Dana Cole' });
    const list = await requirementsOf(s);
    expect(list.map((r: { activity: string; nextDueDate: string }) => `${r.activity} ${r.nextDueDate}`)).toEqual([
      'Monthly visual inspection 2026-05-10',
      'Annual maintenance 2026-04-20',
      // Not known when last done: within the first year.
      '6-year internal examination 2027-04-10',
      '5-year hydrostatic test 2027-04-10',
      '12-year hydrostatic test 2027-04-10',
      'Replace non-rechargeable units (12 years from manufacture) 2027-04-10',
    ]);
    expect(list[1].openInspection).toMatchObject({ dueDate: '2026-04-20' });
  });

  it('switches a requirement off and on with a reason; the item follows at once', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const [monthly] = (await addItem(s, 'emergency_lighting', '2026-06-01')).json();
    const noReason = await s.agent.put(`/api/requirements/${monthly.id}`, { active: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: ['Say why it does not apply'] });

    const off = await s.agent.put(`/api/requirements/${monthly.id}`, { active: false, reason: 'Self-testing units log this monthly' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, dueNotScheduled: false });
    expect(off.json().changes[0]).toMatchObject({ kind: 'switched_off', detail: 'Switched off', reason: 'Self-testing units log this monthly', changedBy: 'Jordan Lee' });
    expect(Date.parse(off.json().changes[0].createdAt)).toBe(Date.parse('2026-04-10T12:00:00Z'));
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.complianceItems[0].nextDueDate).toBe('2026-06-01');

    const annual = (await requirementsOf(s))[1];
    const last = await s.agent.put(`/api/requirements/${annual.id}`, { active: false, reason: 'Not needed' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('Emergency Lighting needs at least one active requirement. Switch another one on first.');

    const on = await s.agent.put(`/api/requirements/${monthly.id}`, { active: true });
    expect(on.json()).toMatchObject({ active: true });
    expect(on.json().changes.map((c: { kind: string }) => c.kind)).toEqual(['switched_on', 'switched_off', 'item_added']);
  });

  it('changes an interval with a reason, and the next due date counts from the last time it was done', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const { id } = (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate: '2026-04-10', assignedTo: 'Dana Cole' })).json();
    await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: '2026-04-01' });
    const [annual] = await requirementsOf(s);

    const missing = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 6 });
    expect(missing.json().fieldErrors).toEqual({ intervalUnit: ['Choose days, weeks, months or years'], reason: ['Say why the interval differs from the source'] });
    const tooLong = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 30, intervalUnit: 'years', reason: 'x' });
    expect(tooLong.json().fieldErrors).toEqual({ intervalCount: ['The interval can be at most 20 years'] });
    const zero = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 0, intervalUnit: 'months', reason: 'x' });
    expect(zero.json().fieldErrors).toEqual({ intervalCount: ['The interval must be at least 1'] });
    expect((await s.agent.put(`/api/requirements/${annual.id}`, {})).json().fieldErrors).toEqual({ _: ['Nothing to change'] });

    const res = await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer asks for twice a year' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intervalMonths: 6, intervalDays: null, source: 'NFPA 72 (2022) Table 14.4.3.2', lastDoneOn: '2026-04-01', nextDueDate: '2026-10-01' });
    expect(res.json().changes[0]).toMatchObject({ kind: 'interval_changed', detail: 'Every year, now every 6 months', reason: 'Insurer asks for twice a year' });
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.complianceItems[0].nextDueDate).toBe('2026-10-01');
  });

  it('adds a custom requirement to a safety item the property has', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await withProperty();
    const body = { itemType: 'fire_alarm', activity: 'Weekly panel check', intervalCount: 1, intervalUnit: 'weeks', source: 'Insurer letter 2026-02', nextDueDate: '2026-04-14', reason: 'Insurer condition' };
    const noItem = await s.agent.post(`/api/properties/${s.property.id}/requirements`, body);
    expect(noItem.statusCode).toBe(400);
    expect(noItem.json().fieldErrors).toEqual({ itemType: ['This property has no Fire Alarm yet. Add it as a safety item first.'] });

    await addItem(s, 'fire_alarm', '2026-09-01');
    const res = await s.agent.post(`/api/properties/${s.property.id}/requirements`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ libraryId: null, activity: 'Weekly panel check', intervalDays: 7, intervalMonths: null, source: 'Insurer letter 2026-02', principal: false, nextDueDate: '2026-04-14', dueNotScheduled: true });
    expect(res.json().changes).toMatchObject([{ kind: 'custom_added', detail: 'Added: Every week', reason: 'Insurer condition', changedBy: 'Jordan Lee' }]);
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.complianceItems[0]).toMatchObject({ itemType: 'fire_alarm', nextDueDate: '2026-04-14', status: 'due_soon' });

    const duplicate = await s.agent.post(`/api/properties/${s.property.id}/requirements`, { ...body, activity: 'weekly PANEL check' });
    expect(duplicate.json().fieldErrors).toEqual({ activity: ['This safety item already has an activity with that name'] });
    const bad = await s.agent.post(`/api/properties/${s.property.id}/requirements`, { itemType: 'fire_alarm', activity: ' ', intervalCount: 'often', intervalUnit: 'fortnights', nextDueDate: '' });
    expect(bad.json().fieldErrors).toEqual({
      activity: ['Activity is required'],
      intervalCount: ['Enter how often, as a whole number'],
      intervalUnit: ['Choose days, weeks, months or years'],
      nextDueDate: ['Due date is required'],
    });
  });

  it("is a 404 for another account's property or requirement, and 401 signed out", async () => {
    const mine = await withProperty();
    const theirs = await withProperty();
    const [theirRequirement] = (await addItem(theirs, 'other', '2026-09-01')).json();
    for (const res of [
      await mine.agent.get(`/api/properties/${theirs.property.id}/requirements`),
      await mine.agent.post(`/api/properties/${theirs.property.id}/safety-items`, { itemType: 'other', nextDueDate: '2026-09-01' }),
      await mine.agent.post(`/api/properties/${theirs.property.id}/requirements`, { itemType: 'other', activity: 'x', intervalCount: 1, intervalUnit: 'months', nextDueDate: '2026-09-01' }),
      await mine.agent.put(`/api/requirements/${theirRequirement.id}`, { autoSchedule: false }),
      await mine.agent.put('/api/requirements/2147483648', { autoSchedule: false }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await requirementsOf(theirs))[0].autoSchedule).toBe(true);
    for (const res of [
      await ctx.agent().get(`/api/properties/${theirs.property.id}/requirements`),
      await ctx.agent().post(`/api/properties/${theirs.property.id}/safety-items`, {}),
      await ctx.agent().put(`/api/requirements/${theirRequirement.id}`, {}),
      await ctx.agent().get('/api/requirements/unscheduled'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('validates a new safety item', async () => {
    const s = await withProperty();
    const res = await addItem(s, 'bucket', 'soon');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ itemType: ['Choose a safety item'], nextDueDate: ['Due date is required'] });
  });
});
