import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dueWindowText } from '@shared/due-window';
import { createProperty } from '../../db/seed/properties';
import { pdfPages } from '../../testing/pdf-text';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 37, windows (docs/decisions/037-due-windows.md): NFPA 25's quarterly sprinkler
 * inspection may be done 2 to 4 months after the last one, the annual 9 to 15 months after. A
 * requirement is due by the day its window closes, and overdue only after it; the window opens
 * at the minimum; the nominal day (last done plus the interval) is the one to aim for.
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

type Row = {
  id: number;
  activity: string;
  nextDueDate: string;
  windowOpensOn: string | null;
  nominalDueDate: string | null;
  lastDoneOn: string | null;
  status: string;
  openInspection: { id: number; dueDate: string } | null;
};
type Session = Awaited<ReturnType<TestContext['signedIn']>> & { property: { id: number } };

async function withSprinklers(timeZone = 'UTC', lastDoneOn = '2025-12-01'): Promise<Session> {
  const session = await ctx.signedIn({ timeZone, fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  const s = { ...session, property };
  const added = await s.agent.post(`/api/properties/${property.id}/safety-items`, { itemType: 'sprinkler_system', lastDoneOn });
  expect(added.statusCode).toBe(201);
  // The system's other checks (valves, gauges, field tests) are not what these tests are about.
  for (const r of added.json() as Row[]) {
    if (r.activity === 'Quarterly inspection' || r.activity === 'Annual inspection and test') continue;
    expect((await s.agent.put(`/api/requirements/${r.id}`, { active: false, reason: 'Kept on another record' })).statusCode).toBe(200);
  }
  return s;
}

const requirementsOf = async (s: Session): Promise<Row[]> => (await s.agent.get(`/api/properties/${s.property.id}/requirements`)).json();
const named = async (s: Session, activity: string): Promise<Row> => (await requirementsOf(s)).find((r) => r.activity === activity)!;
/** Moves the clock, signing in again: a session lasts 30 days. */
async function moveTo(s: Session, iso: string) {
  setNow(iso);
  expect((await s.agent.post('/api/auth/login', { username: s.user.username, password: s.password })).statusCode).toBe(200);
}
const window = (r: Row) => `${r.windowOpensOn ?? '-'} | ${r.nominalDueDate ?? '-'} | ${r.nextDueDate}`;

/** An inspection of `activity` completed on `day` with a pass; answers the completion. */
async function doneOn(s: Session, activity: string, day: string) {
  const requirement = await named(s, activity);
  const inspectionId =
    requirement.openInspection?.id ??
    (await s.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'sprinkler_system', requirementId: requirement.id, dueDate: day, assignedTo: 'Dana Cole' })).json().id;
  const res = await s.agent.put(`/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', completedDate: day });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('windows of NFPA 25', () => {
  it('keeps a quarterly check done Jan 15 due by May 15: not overdue on May 14, overdue on May 16, everywhere alike', async () => {
    setNow('2026-01-15T15:00:00Z');
    const s = await withSprinklers();
    // Given as last done Dec 1: window Feb 1 to Apr 1, 2026 for the quarterly check.
    expect(window(await named(s, 'Quarterly inspection'))).toBe('2026-02-01 | 2026-03-01 | 2026-04-01');
    expect(window(await named(s, 'Annual inspection and test'))).toBe('2026-09-01 | 2026-12-01 | 2027-03-01');

    const completed = await doneOn(s, 'Quarterly inspection', '2026-01-15');
    // Recurrence schedules the next one by the window's close: its date and the requirement's agree.
    expect(completed.nextDue).toMatchObject({ activity: 'Quarterly inspection', dueDate: '2026-05-15', notScheduledReason: null });
    const quarterly = await named(s, 'Quarterly inspection');
    expect(quarterly).toMatchObject({ lastDoneOn: '2026-01-15', windowOpensOn: '2026-03-15', nominalDueDate: '2026-04-15', nextDueDate: '2026-05-15' });
    expect(quarterly.openInspection).toMatchObject({ dueDate: '2026-05-15' });
    expect(dueWindowText(quarterly)).toBe('Due Apr 2026 (window Mar 15 to May 15, 2026)');

    // Past the nominal day, inside the window: not overdue.
    await moveTo(s, '2026-04-20T12:00:00Z');
    expect((await named(s, 'Quarterly inspection')).status).toBe('compliant');
    await moveTo(s, '2026-05-14T12:00:00Z');
    expect((await named(s, 'Quarterly inspection')).status).toBe('due_soon');
    const property = (await s.agent.get(`/api/properties/${s.property.id}`)).json();
    expect(property).toMatchObject({ status: 'due_soon', statusReason: 'Sprinkler system due May 15, 2026' });
    expect((await s.agent.get('/api/dashboard/stats')).json()).toMatchObject({ compliantCount: 0, overdueInspectionCount: 0, overdueNotScheduledCount: 0 });
    expect((await s.agent.get('/api/properties?status=non_compliant')).json()).toHaveLength(0);

    // The day after the window closes.
    await moveTo(s, '2026-05-16T12:00:00Z');
    expect((await named(s, 'Quarterly inspection')).status).toBe('overdue');
    expect((await s.agent.get(`/api/properties/${s.property.id}`)).json()).toMatchObject({ status: 'non_compliant' });
    expect((await s.agent.get('/api/dashboard/stats')).json()).toMatchObject({ overdueInspectionCount: 1 });
    expect((await s.agent.get('/api/properties?status=non_compliant')).json()).toHaveLength(1);
  });

  it('restarts an annual test done 10 months after the last one from that day, and one done before the window opens too', async () => {
    setNow('2026-01-20T15:00:00Z');
    const s = await withSprinklers();
    await doneOn(s, 'Annual inspection and test', '2026-01-15');
    expect(window(await named(s, 'Annual inspection and test'))).toBe('2026-10-15 | 2027-01-15 | 2027-04-15');

    await moveTo(s, '2026-11-20T15:00:00Z');
    const again = await doneOn(s, 'Annual inspection and test', '2026-11-15');
    expect(again.nextDue).toMatchObject({ dueDate: '2028-02-15' });
    const annual = await named(s, 'Annual inspection and test');
    expect(window(annual)).toBe('2027-08-15 | 2027-11-15 | 2028-02-15');
    expect(dueWindowText(annual)).toBe('Due Nov 2027 (window Aug 15, 2027 to Feb 15, 2028)');

    // Doing it sooner than the code's minimum is allowed, and the clock restarts from that day.
    await moveTo(s, '2027-01-10T15:00:00Z');
    await doneOn(s, 'Annual inspection and test', '2027-01-05');
    expect(window(await named(s, 'Annual inspection and test'))).toBe('2027-10-05 | 2028-01-05 | 2028-04-05');
  });

  it('has no window once the interval is changed, and has it again back at the code interval', async () => {
    setNow('2026-01-20T15:00:00Z');
    const s = await withSprinklers();
    await doneOn(s, 'Quarterly inspection', '2026-01-15');
    const { id } = await named(s, 'Quarterly inspection');
    const changed = await s.agent.put(`/api/requirements/${id}`, { intervalCount: 2, intervalUnit: 'months', reason: 'Insurer asks every 2 months' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ nextDueDate: '2026-03-15', windowOpensOn: null, nominalDueDate: null });
    // The open inspection scheduled by the window's close moves to the earlier date.
    expect((await named(s, 'Quarterly inspection')).openInspection).toMatchObject({ dueDate: '2026-03-15' });
    expect(dueWindowText(changed.json())).toBeNull();

    // A completion at the changed interval counts one interval, no window.
    await doneOn(s, 'Quarterly inspection', '2026-01-18');
    expect(window(await named(s, 'Quarterly inspection'))).toBe('- | - | 2026-03-18');

    const back = await s.agent.put(`/api/requirements/${id}`, { intervalCount: 3, intervalUnit: 'months', reason: 'Back to the code interval' });
    expect(back.json()).toMatchObject({ windowOpensOn: '2026-03-18', nominalDueDate: '2026-04-18', nextDueDate: '2026-05-18' });
  });

  it("counts overdue from the end of the window's last day in the organisation's time zone", async () => {
    setNow('2026-01-15T20:00:00Z');
    const s = await withSprinklers('America/Los_Angeles');
    await doneOn(s, 'Quarterly inspection', '2026-01-15');
    expect(window(await named(s, 'Quarterly inspection'))).toBe('2026-03-15 | 2026-04-15 | 2026-05-15');
    // 11:00 pm on May 15 in Los Angeles is May 16 in UTC: still inside the window.
    await moveTo(s, '2026-05-16T06:00:00Z');
    expect((await named(s, 'Quarterly inspection')).status).toBe('due_soon');
    expect((await s.agent.get(`/api/properties/${s.property.id}`)).json().status).toBe('due_soon');
    // 1:00 am on May 16 there: overdue.
    await moveTo(s, '2026-05-16T08:00:00Z');
    expect((await named(s, 'Quarterly inspection')).status).toBe('overdue');
    expect((await s.agent.get(`/api/properties/${s.property.id}`)).json().status).toBe('non_compliant');
  });

  it('lists a due requirement with its window, and previews a history import to the window close', async () => {
    setNow('2026-03-20T15:00:00Z');
    const s = await withSprinklers('UTC', '2025-12-01');
    const due = await s.agent.get('/api/requirements/unscheduled');
    const quarterly = (due.json() as { activity: string }[]).find((r) => r.activity === 'Quarterly inspection');
    expect(quarterly).toMatchObject({ nextDueDate: '2026-04-01', windowOpensOn: '2026-02-01', nominalDueDate: '2026-03-01', displayStatus: 'upcoming' });

    const preview = await s.agent.post('/api/inspection-history/preview', {
      rows: [{ property: 'Harbor View', itemType: 'Sprinkler System', activity: 'Annual inspection and test', performedOn: '2026-03-02', result: 'Passed' }],
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows[0]).toMatchObject({ status: 'matched', nextDueBefore: '2027-03-01', nextDueAfter: '2027-06-02' });
  });

  it('shows the window in words on share links and in the report', async () => {
    setNow('2026-01-20T15:00:00Z');
    const s = await withSprinklers();
    await doneOn(s, 'Quarterly inspection', '2026-01-15');
    const link = await s.agent.post(`/api/properties/${s.property.id}/share-links`, { recipient: 'Salem Fire Marshal' });
    expect(link.statusCode, link.body).toBe(201);
    const page = (await ctx.agent().get(`/api/share/${link.json().url.split('/share/')[1]}`)).json();
    const shared = page.items[0].requirements.find((r: { activity: string }) => r.activity === 'Quarterly inspection');
    expect(shared).toMatchObject({ nextDueDate: '2026-05-15', windowOpensOn: '2026-03-15', nominalDueDate: '2026-04-15' });

    const report = await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' });
    expect(report.statusCode, report.body).toBe(201);
    const text = (await pdfPages((await s.agent.get(report.json().downloadUrl)).rawPayload)).join('\n').replace(/\s+/g, ' ');
    const table = text.slice(text.indexOf('Requirements and their sources'));
    expect(table).toMatch(/Quarterly inspection Every 3 months NFPA 25 \(2023\) Table 5\.1\.1\.2 Apr 2026 \(window Mar 15 to May 15, 2026\)/);
    expect(table).toMatch(/Annual inspection and test .*Dec 2026 \(window Sep 1, 2026 to Mar 1, 2027\)/);
  });

  it('leaves types without a window in the code on one day', async () => {
    setNow('2026-01-15T15:00:00Z');
    const s = await withSprinklers();
    await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'fire_alarm', lastDoneOn: '2025-12-01' });
    const alarm = (await requirementsOf(s)).find((r) => r.activity === 'Annual test')!;
    expect(alarm).toMatchObject({ nextDueDate: '2026-12-01', windowOpensOn: null, nominalDueDate: null });
  });
});
