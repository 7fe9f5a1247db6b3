import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { setNow } from '../../testing/clock';

/**
 * Property and item statuses are computed when read, from the account's today: no job runs
 * in these tests, only the clock moves.
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

type Session = Awaited<ReturnType<TestContext['signedIn']>>;

async function account(timeZone: string) {
  const session = await ctx.signedIn({ timeZone });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

/** Schedules and completes one inspection of a type on `day` (the account's today at `iso`). */
async function inspected(s: Session, propertyId: number, inspectionType: string, iso: string, result = 'compliant') {
  setNow(iso);
  const { id } = (await s.agent.post('/api/inspections', { propertyId, inspectionType, dueDate: iso.slice(0, 10), assignedTo: 'Dana Cole' })).json();
  const res = await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: result, notes: 'Checked' });
  expect(res.statusCode).toBe(200);
}

async function statusAt(s: Session, propertyId: number, iso: string) {
  setNow(iso);
  const body = (await s.agent.get(`/api/properties/${propertyId}`)).json();
  return { property: body.status, items: Object.fromEntries(body.complianceItems.map((i: { itemType: string; status: string }) => [i.itemType, i.status])) };
}

/** The sprinkler valves are supervised: inspected quarterly, not weekly, so nothing of the item is due within the week. */
const supervisedValves = (propertyId: number) =>
  ctx.runtime.pool.query(
    `insert into safety_item_answers (organization_id, property_id, item_type, answers)
     select organization_id, id, 'sprinkler_system', '{"valve_securing": ["supervised"]}' from properties where id = $1`,
    [propertyId],
  );

const listed = async (s: Session, status: string) => (await s.agent.get(`/api/properties?status=${status}`)).json().map((p: { id: number }) => p.id);

describe('compliance statuses over time, with no job running', () => {
  it('turns due soon 7 days ahead and overdue the day after, for items, the property and the lists', async () => {
    const s = await account('UTC');
    // Fire doors have one requirement (NFPA 80's annual inspection), so the item is that requirement.
    await inspected(s, s.property.id, 'fire_doors', '2025-03-10T09:00:00Z');
    // Next due 2026-03-10 (12 months).
    expect(await statusAt(s, s.property.id, '2026-03-02T12:00:00Z')).toEqual({ property: 'compliant', items: { fire_doors: 'compliant' } });
    expect(await listed(s, 'compliant')).toEqual([s.property.id]);
    expect(await statusAt(s, s.property.id, '2026-03-03T00:00:00Z')).toEqual({ property: 'due_soon', items: { fire_doors: 'due_soon' } });
    expect(await listed(s, 'due_soon')).toEqual([s.property.id]);
    expect(await statusAt(s, s.property.id, '2026-03-10T23:59:59Z')).toEqual({ property: 'due_soon', items: { fire_doors: 'due_soon' } });
    expect(await statusAt(s, s.property.id, '2026-03-11T00:00:00Z')).toEqual({ property: 'non_compliant', items: { fire_doors: 'overdue' } });
    expect(await listed(s, 'non_compliant')).toEqual([s.property.id]);
    expect(await listed(s, 'due_soon')).toEqual([]);
  });

  it.each([
    // UTC+5:45: local midnight of June 2 is 18:15 UTC on June 1.
    { timeZone: 'Asia/Kathmandu', before: '2026-06-01T18:14:59Z', after: '2026-06-01T18:15:00Z' },
    // UTC-10: local midnight of June 2 is 10:00 UTC on June 2.
    { timeZone: 'Pacific/Honolulu', before: '2026-06-02T09:59:59Z', after: '2026-06-02T10:00:00Z' },
  ])('is right immediately after local midnight in $timeZone', async ({ timeZone, before, after }) => {
    const s = await account(timeZone);
    // Inspected on June 1, 2025 there: due on June 1, 2026, overdue from June 2.
    await inspected(s, s.property.id, 'smoke_detectors', timeZone === 'Asia/Kathmandu' ? '2025-06-01T06:00:00Z' : '2025-06-01T20:00:00Z');
    expect(await statusAt(s, s.property.id, before)).toEqual({ property: 'due_soon', items: { smoke_detectors: 'due_soon' } });
    expect(await listed(s, 'due_soon')).toEqual([s.property.id]);
    expect(await statusAt(s, s.property.id, after)).toEqual({ property: 'non_compliant', items: { smoke_detectors: 'overdue' } });
    expect(await listed(s, 'non_compliant')).toEqual([s.property.id]);
    const stats = (await s.agent.get('/api/dashboard/stats')).json();
    expect(stats.compliantCount).toBe(0);
  });

  it('shows a property non-compliant while any item fails, and pending before any inspection', async () => {
    const s = await account('UTC');
    expect((await statusAt(s, s.property.id, '2026-04-01T12:00:00Z')).property).toBe('pending');
    await inspected(s, s.property.id, 'fire_alarm', '2026-04-01T12:00:00Z');
    await inspected(s, s.property.id, 'other', '2026-04-01T12:00:00Z', 'non_compliant');
    expect(await statusAt(s, s.property.id, '2026-04-02T12:00:00Z')).toEqual({
      property: 'non_compliant',
      items: { fire_alarm: 'compliant', other: 'non_compliant' },
    });
    // The next one of "other" was scheduled by the completion; a compliant result clears it.
    const next = (await s.agent.get('/api/inspections?type=other&status=scheduled')).json()[0];
    await s.agent.put(`/api/inspections/${next.id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect((await statusAt(s, s.property.id, '2026-04-03T12:00:00Z')).property).toBe('compliant');
  });

  it('makes a property with an overdue, never inspected item non-compliant, in the app and the PDF', async () => {
    const s = await account('UTC');
    setNow('2026-04-01T12:00:00Z');
    await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_alarm', dueDate: '2026-04-05', assignedTo: 'Dana Cole' });
    expect(await statusAt(s, s.property.id, '2026-04-05T12:00:00Z')).toEqual({ property: 'pending', items: { fire_alarm: 'due_soon' } });
    // The day after its due date, never inspected: a required check that is late is a failure.
    expect(await statusAt(s, s.property.id, '2026-04-06T12:00:00Z')).toEqual({ property: 'non_compliant', items: { fire_alarm: 'overdue' } });
    expect(await listed(s, 'non_compliant')).toEqual([s.property.id]);
    const report = (await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' })).json();
    const text = (await pdfPages((await s.agent.get(report.downloadUrl)).rawPayload)).join('\n');
    expect(text).toMatch(/Overall status:\s*Action Needed/);
    expect(text).not.toContain('Pending (not yet inspected)');
  });

  it('keeps a property Pending while any item was never inspected, with the reason, in the app, the lists, the PDF and the verification page', async () => {
    // Issue 30: extinguishers passed, sprinklers and emergency lighting never inspected.
    const s = await account('UTC');
    await inspected(s, s.property.id, 'fire_extinguisher', '2026-04-01T12:00:00Z');
    await supervisedValves(s.property.id);
    await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'sprinkler_system', dueDate: '2026-06-15', assignedTo: 'Dana Cole' });
    expect((await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'emergency_lighting', nextDueDate: '2026-07-15' })).statusCode).toBe(201);

    setNow('2026-04-02T12:00:00Z');
    // The sprinkler system's four field tests count from an installation day nobody gave: a
    // person must read the label (decision 041), so they are counted, not the item named.
    const REASON = 'Emergency lighting never inspected; 4 requirements with no known last date';
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property.status).toBe('pending');
    expect(property.statusReason).toBe(REASON);
    expect(property.complianceItems.find((i: { itemType: string }) => i.itemType === 'fire_extinguisher').status).toBe('compliant');
    // The list and the dashboard agree: not compliant, pending, with the same reason.
    const listedPending = (await s.agent.get('/api/properties?status=pending')).json();
    expect(listedPending.map((p: { id: number; statusReason: string }) => [p.id, p.statusReason])).toEqual([
      [s.property.id, REASON],
    ]);
    expect(await listed(s, 'compliant')).toEqual([]);
    expect((await s.agent.get('/api/dashboard/stats')).json().compliantCount).toBe(0);

    const report = (await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' })).json();
    const text = (await pdfPages((await s.agent.get(report.downloadUrl)).rawPayload)).join('\n');
    expect(text).toMatch(/Overall status:\s*Pending\s*Emergency lighting never inspected; 4 requirements with no known last\s+date/);
    expect(text).not.toMatch(/Overall status:\s*Compliant/);
    const verification = (await ctx.agent().get(`/api/verify/${report.verifyPath.replace('/verify/', '')}`)).json();
    expect(verification).toMatchObject({ overallStatus: 'pending', statusReason: REASON });

    // Once every item has a passing result, and only then, the property is Compliant.
    for (const type of ['sprinkler_system', 'emergency_lighting']) {
      const open = (await s.agent.get(`/api/inspections?type=${type}&status=scheduled`)).json();
      const id = open[0]?.id ?? (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: type, dueDate: '2026-04-02', assignedTo: 'Dana Cole' })).json().id;
      expect((await s.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'Checked' })).statusCode).toBe(200);
    }
    const after = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(after.status).toBe('compliant');
    expect(after.statusReason).toMatch(/^All 3 safety items passed their last inspection; next due /);
    expect(await listed(s, 'compliant')).toEqual([s.property.id]);
    expect((await s.agent.get('/api/dashboard/stats')).json().compliantCount).toBe(1);
  });

  it('recomputes what the status derives from for properties stored before the rule (migration 0018)', async () => {
    const s = await account('UTC');
    await inspected(s, s.property.id, 'fire_extinguisher', '2026-04-01T12:00:00Z');
    await supervisedValves(s.property.id);
    await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'sprinkler_system', dueDate: '2026-06-15', assignedTo: 'Dana Cole' });
    // As the old rule stored it: "inspected" once any item was.
    await ctx.runtime.pool.query('update properties set inspected = true where id = $1', [s.property.id]);
    expect((await statusAt(s, s.property.id, '2026-04-02T12:00:00Z')).property).toBe('compliant');
    const { readFileSync } = await import('node:fs');
    await ctx.runtime.pool.query(readFileSync(new URL('../../../../drizzle/0018_property_fully_inspected.sql', import.meta.url), 'utf8'));
    expect((await statusAt(s, s.property.id, '2026-04-02T12:00:00Z')).property).toBe('pending');
  });
});

describe('an item none of whose requirements is on', () => {
  it('has no status: a failed one leaves the items and the status reason, and comes back when a requirement is on again', async () => {
    const s = await account('UTC');
    await inspected(s, s.property.id, 'fire_doors', '2026-03-02T09:00:00Z', 'non_compliant');
    expect(await statusAt(s, s.property.id, '2026-03-10T12:00:00Z')).toEqual({ property: 'non_compliant', items: { fire_doors: 'non_compliant' } });
    // As when the answers about an item rule out every requirement it has.
    const off = (active: boolean) =>
      ctx.runtime.pool.query(`update requirements set active = $2, applies = $2 where property_id = $1 and item_type = 'fire_doors'`, [s.property.id, active]);
    const { settle } = await import('./compliance.service');
    await off(false);
    await settle(ctx.runtime.db, { propertyId: s.property.id, itemTypes: ['fire_doors'], today: '2026-03-10' });
    expect(await statusAt(s, s.property.id, '2026-03-10T12:00:00Z')).toEqual({ property: 'pending', items: {} });

    // An inspection that names no activity counts for a requirement that is off: it says its activity is not stated.
    const scheduled = await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_doors', dueDate: '2026-03-20', assignedTo: 'Dana Cole' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json()).toMatchObject({ activityBasis: 'not_stated' });
    expect((await statusAt(s, s.property.id, '2026-03-10T12:00:00Z')).items).toEqual({});

    await off(true);
    await settle(ctx.runtime.db, { propertyId: s.property.id, itemTypes: ['fire_doors'], today: '2026-03-10' });
    expect(await statusAt(s, s.property.id, '2026-03-10T12:00:00Z')).toEqual({ property: 'non_compliant', items: { fire_doors: 'non_compliant' } });
  });
});
