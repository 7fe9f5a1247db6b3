import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 7, section 4: what a completion does to compliance. Each of these failed before its
 * fix; they use SPEC's calls only, so they read the same on any version of the server.
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

async function proWithProperty(): Promise<Session> {
  const session = await ctx.signedIn({ timeZone: 'UTC' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

const schedule = async (s: Session, dueDate: string) =>
  (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_doors', dueDate, assignedTo: 'Dana Cole' })).json();

const complete = (s: Session, id: number, body: Record<string, unknown>) => s.agent.put(`/api/inspections/${id}`, { status: 'completed', ...body });

async function doorsItem(s: Session) {
  const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
  const item = property.complianceItems.find((i: { itemType: string }) => i.itemType === 'fire_doors');
  return { property: property.status, status: item?.status, lastInspectionDate: item?.lastInspectionDate, nextDueDate: item?.nextDueDate };
}

describe('a completion without a result', () => {
  it('changes no compliance item and no property status', async () => {
    setNow('2026-04-01T12:00:00Z');
    const s = await proWithProperty();
    const first = await schedule(s, '2026-04-01');
    await complete(s, first.id, { complianceStatus: 'compliant' });
    const before = await doorsItem(s);
    expect(before).toEqual({ property: 'compliant', status: 'compliant', lastInspectionDate: '2026-04-01', nextDueDate: '2027-04-01' });

    setNow('2026-04-20T12:00:00Z');
    const second = await schedule(s, '2026-04-20');
    const res = await complete(s, second.id, { completedDate: new Date().toISOString() });
    expect(res.json()).toMatchObject({ status: 'completed', complianceResult: null });
    expect(await doorsItem(s)).toEqual(before);
  });
});

describe('a back-dated completion', () => {
  it('never overwrites a later result: the item reflects its most recent performed-on date', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await proWithProperty();
    const recent = await schedule(s, '2026-04-10');
    const older = await schedule(s, '2026-03-01');
    await complete(s, recent.id, { complianceStatus: 'non_compliant', notes: 'Panel shows a trouble signal' });
    // Recorded later, but performed in March.
    await complete(s, older.id, { complianceStatus: 'compliant', completedDate: '2026-03-01' });
    expect(await doorsItem(s)).toEqual({ property: 'non_compliant', status: 'non_compliant', lastInspectionDate: '2026-04-10', nextDueDate: '2027-04-10' });
  });
});

describe('deleting or editing a completed inspection', () => {
  it('deleting one recomputes its item from the inspections that remain', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await proWithProperty();
    const march = await schedule(s, '2026-03-01');
    const april = await schedule(s, '2026-04-10');
    await complete(s, march.id, { complianceStatus: 'compliant', completedDate: '2026-03-01' });
    await complete(s, april.id, { complianceStatus: 'non_compliant', notes: 'Batteries swollen' });
    expect((await doorsItem(s)).status).toBe('non_compliant');

    expect((await s.agent.delete(`/api/inspections/${april.id}`)).statusCode).toBe(200);
    expect(await doorsItem(s)).toMatchObject({ property: 'compliant', status: 'compliant', lastInspectionDate: '2026-03-01', nextDueDate: '2027-03-01' });
  });

  it('editing its result recomputes its item', async () => {
    setNow('2026-04-10T12:00:00Z');
    const s = await proWithProperty();
    const april = await schedule(s, '2026-04-10');
    await complete(s, april.id, { complianceStatus: 'compliant' });
    const res = await s.agent.put(`/api/inspections/${april.id}`, { complianceResult: 'non_compliant', notes: 'Found a disabled zone afterwards' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ complianceResult: 'non_compliant', completionNotes: 'Found a disabled zone afterwards' });
    expect(await doorsItem(s)).toMatchObject({ property: 'non_compliant', status: 'non_compliant', lastInspectionDate: '2026-04-10' });
  });
});
