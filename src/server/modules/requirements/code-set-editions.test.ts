import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { followCodeSetEditions } from './code-set-editions';
import { LIBRARY } from './library';

/**
 * Review of issue 37, items 2 and 4: the sets that enforce an NFPA 25 edition before 2020
 * (CMS's 2011, Ontario's 2014, the National Fire Code's 2017) give no window and test dry
 * sprinklers at 10 years; requirements copied before the sets said so follow; and a change of
 * code set keeps the 6-year examination a 12-year hydrostatic test restarted.
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

type Req = { id: number; activity: string; itemType: string; intervalMonths: number | null; lastDoneOn: string | null; nextDueDate: string; changes: { kind: string; detail: string; changedBy: string }[] };

async function property(itemType: string, body: Record<string, unknown> = {}) {
  setNow('2026-04-10T12:00:00Z');
  const owner = await proOwner(ctx, { fullName: 'Jordan Lee' });
  const created = await createProperty(ctx.runtime.db, owner.user.id, { name: 'Harbor View' });
  const added = await owner.agent.post(`/api/properties/${created.id}/safety-items`, { itemType, lastDoneOn: '2026-03-15', ...body });
  expect(added.statusCode, added.body).toBe(201);
  const list = async () => (await owner.agent.get(`/api/properties/${created.id}/requirements`)).json() as Req[];
  const byActivity = async () => Object.fromEntries((await list()).map((r) => [r.activity, r]));
  const complete = async (requirementId: number, day: string) => {
    const scheduled = await owner.agent.post('/api/inspections', { propertyId: created.id, inspectionType: itemType, requirementId, dueDate: day, assignedTo: 'Dana Cole' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const done = await owner.agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: day });
    expect(done.statusCode, done.body).toBe(200);
  };
  const changeTo = async (codeSet: string) => {
    const res = await owner.agent.put(`/api/properties/${created.id}/code-set`, { codeSet });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { owner, property: created, list, byActivity, complete, changeTo };
}

describe('NFPA 25 before its 2020 edition', () => {
  it('gives the older sets no window and the dry sprinkler field test at 10 years; the current set keeps both', () => {
    const row = (set: 'us-nfpa' | 'us-cms' | 'ca-nfc' | 'ca-on', key: string) => LIBRARY[set].entries.find((e) => e.key === key)!;
    expect(row('us-nfpa', 'sprinkler_system.quarterly-inspection').window).toEqual({ beforeMonths: 1, afterMonths: 1 });
    expect(row('us-nfpa', 'sprinkler_system.sprinkler-field-test-dry').activity).toBe('Dry sprinkler field test at 15 years');
    for (const set of ['us-cms', 'ca-nfc', 'ca-on'] as const) {
      expect(LIBRARY[set].entries.filter((e) => e.window), set).toEqual([]);
      expect(row(set, 'sprinkler_system.sprinkler-field-test-dry'), set).toMatchObject({
        activity: 'Dry sprinkler field test at 10 years',
        interval: { months: 120 },
        note: 'Dry sprinklers, 10 years after installation, then every 10 years',
      });
    }
  });

  it('counts a quarterly sprinkler inspection three months on after a move to the National Fire Code, not to the close of a window', async () => {
    const s = await property('sprinkler_system');
    const quarterly = (await s.byActivity())['Quarterly inspection']!;
    await s.complete(quarterly.id, '2026-04-01');
    // NFPA 25 (2023): due by the close of its 2-to-4-month window.
    expect((await s.byActivity())['Quarterly inspection']!.nextDueDate).toBe('2026-08-01');
    await s.changeTo('ca-nfc');
    const after = await s.byActivity();
    expect(after['Quarterly inspection']).toMatchObject({ id: quarterly.id, nextDueDate: '2026-07-01' });
    expect(after['Dry sprinkler field test at 10 years']).toMatchObject({ intervalMonths: 120 });
    expect(after['Dry sprinkler field test at 10 years']!.changes[0]!.detail).toContain('was "Dry sprinkler field test at 15 years"');
  });

  it('brings requirements copied before the sets followed their edition to it, once, with a line in their history', async () => {
    const s = await property('sprinkler_system');
    const quarterly = (await s.byActivity())['Quarterly inspection']!;
    await s.complete(quarterly.id, '2026-04-01');
    await s.changeTo('ca-on');
    const dry = (await s.byActivity())['Dry sprinkler field test at 10 years']!;
    // As a copy made from the 2023 rows left them: the current activity and note, and a window.
    await ctx.runtime.db.execute(sql`
      update requirements r set activity = u.activity, interval_months = 180, note = u.note
      from requirement_library u where r.id = ${dry.id} and u.code_set = 'us-nfpa' and u.key = 'sprinkler_system.sprinkler-field-test-dry'`);
    await ctx.runtime.db.execute(sql`update requirements set next_due_date = '2026-08-01', window_opens_on = '2026-06-01' where id = ${quarterly.id}`);

    expect(await followCodeSetEditions(ctx.runtime.db)).toBeGreaterThanOrEqual(2);
    const after = await s.byActivity();
    expect(after['Quarterly inspection']!.nextDueDate).toBe('2026-07-01');
    expect(after['Dry sprinkler field test at 10 years']).toMatchObject({ id: dry.id, intervalMonths: 120 });
    expect(after['Dry sprinkler field test at 10 years']!.changes[0]).toMatchObject({
      kind: 'code_set_changed',
      changedBy: 'Firemark (code set migration)',
      detail: 'Follows the edition its code set enforces: was "Dry sprinkler field test at 15 years"; every 180 months, now every 120 months',
    });
    // Run again (every start-up runs it): nothing left to do.
    expect(await followCodeSetEditions(ctx.runtime.db)).toBe(0);
  });
});

describe('a change of code set', () => {
  it('keeps the 6-year examination counted from the 12-year hydrostatic test that restarted it', async () => {
    const s = await property('fire_extinguisher', { answers: { agents: ['dry_chemical'], recharge: ['rechargeable'] } });
    const rows = await s.byActivity();
    expect(rows['6-year internal examination']!.nextDueDate).toBe('2032-03-15');
    await s.complete(rows['12-year hydrostatic test']!.id, '2026-04-06');
    expect((await s.byActivity())['6-year internal examination']!.nextDueDate).toBe('2032-04-06');
    await s.changeTo('us-cms');
    const after = (await s.byActivity())['6-year internal examination']!;
    expect(after).toMatchObject({ id: rows['6-year internal examination']!.id, nextDueDate: '2032-04-06' });
    expect(after.changes[0]!.detail).toContain('NFPA 10 (2010)');
  });
});
