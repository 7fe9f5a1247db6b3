import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 37, "Code minimums stay visible": a library requirement switched off or kept at a
 * longer interval than its source asks is "below the code minimum", with the reason, on the
 * property, in the report and on share links; shortening never is, nor a requirement of one's own.
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

type Req = { id: number; activity: string; belowCodeMinimum: boolean; belowCodeMinimumReason: string | null; codeInterval: unknown };

async function sprinklers() {
  setNow('2026-04-10T12:00:00Z');
  const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  const added = await session.agent.post(`/api/properties/${property.id}/safety-items`, { itemType: 'sprinkler_system', nextDueDate: '2026-06-12' });
  expect(added.statusCode, added.body).toBe(201);
  const [quarterly, annual] = added.json() as Req[];
  const list = async () => (await session.agent.get(`/api/properties/${property.id}/requirements`)).json() as Req[];
  const put = async (id: number, body: Record<string, unknown>) => {
    const res = await session.agent.put(`/api/requirements/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Req;
  };
  return { ...session, property, quarterly: quarterly!, annual: annual!, list, put };
}

describe('below the code minimum', () => {
  it('is not flagged for the library as it is', async () => {
    const s = await sprinklers();
    const list = await s.list();
    expect(list.slice(0, 2)).toMatchObject([
      { activity: 'Quarterly inspection', codeInterval: { intervalMonths: 3, intervalDays: null }, belowCodeMinimum: false, belowCodeMinimumReason: null },
      { activity: 'Annual inspection and test', codeInterval: { intervalMonths: 12, intervalDays: null }, belowCodeMinimum: false, belowCodeMinimumReason: null },
    ]);
    // The sprinkler items of their own (weekly valves, 5-year assessments, ...) are not flagged either.
    expect(list.filter((r) => r.belowCodeMinimum)).toEqual([]);
  });

  it('flags a requirement switched off, with the reason, until it is switched back on', async () => {
    const s = await sprinklers();
    const off = await s.put(s.quarterly.id, { active: false, reason: 'Monitored by the central station' });
    expect(off).toMatchObject({ belowCodeMinimum: true, belowCodeMinimumReason: 'Monitored by the central station' });
    const on = await s.put(s.quarterly.id, { active: true, reason: 'The monitoring contract ended' });
    expect(on).toMatchObject({ belowCodeMinimum: false, belowCodeMinimumReason: null });
  });

  it('flags a longer interval with the latest change reason, never a shorter one', async () => {
    const s = await sprinklers();
    expect(await s.put(s.quarterly.id, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer agreed to twice a year' })).toMatchObject({
      belowCodeMinimum: true,
      belowCodeMinimumReason: 'Insurer agreed to twice a year',
    });
    expect(await s.put(s.quarterly.id, { intervalCount: 4, intervalUnit: 'months', reason: 'Every four months after the review' })).toMatchObject({
      belowCodeMinimum: true,
      belowCodeMinimumReason: 'Every four months after the review',
    });
    // Back to what the code asks, then more often than it asks.
    expect(await s.put(s.quarterly.id, { intervalCount: 3, intervalUnit: 'months', reason: 'Back to the standard' })).toMatchObject({ belowCodeMinimum: false, belowCodeMinimumReason: null });
    expect(await s.put(s.annual.id, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer asks for twice a year' })).toMatchObject({ belowCodeMinimum: false });
    // Weeks and days against months: a month counts as the calendar's average month.
    expect(await s.put(s.quarterly.id, { intervalCount: 13, intervalUnit: 'weeks', reason: 'Every 13 weeks' })).toMatchObject({ belowCodeMinimum: false });
    expect(await s.put(s.quarterly.id, { intervalCount: 14, intervalUnit: 'weeks', reason: 'Every 14 weeks' })).toMatchObject({ belowCodeMinimum: true, belowCodeMinimumReason: 'Every 14 weeks' });
    expect(await s.put(s.annual.id, { intervalCount: 52, intervalUnit: 'weeks', reason: 'Every 52 weeks' })).toMatchObject({ belowCodeMinimum: false });
    expect(await s.put(s.annual.id, { intervalCount: 53, intervalUnit: 'weeks', reason: 'Every 53 weeks' })).toMatchObject({ belowCodeMinimum: true, belowCodeMinimumReason: 'Every 53 weeks' });
    expect(await s.put(s.annual.id, { intervalCount: 366, intervalUnit: 'days', reason: 'Every 366 days' })).toMatchObject({ belowCodeMinimum: true });
  });

  it('never flags a requirement of the property\'s own, however long or switched off', async () => {
    const s = await sprinklers();
    const added = await s.agent.post(`/api/properties/${s.property.id}/requirements`, {
      itemType: 'sprinkler_system',
      activity: 'Five-yearly pipe survey',
      intervalCount: 5,
      intervalUnit: 'years',
      nextDueDate: '2027-01-10',
      reason: 'Insurer letter',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ codeInterval: null, belowCodeMinimum: false });
    expect(await s.put(added.json().id, { intervalCount: 10, intervalUnit: 'years', reason: 'Longer' })).toMatchObject({ belowCodeMinimum: false });
    expect(await s.put(added.json().id, { active: false, reason: 'Not needed' })).toMatchObject({ belowCodeMinimum: false, belowCodeMinimumReason: null });
  });

  it('shows on the share page with the reason, e-mail addresses left out', async () => {
    const s = await sprinklers();
    await s.put(s.quarterly.id, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer agreed, ask risk@insurer.example' });
    await s.put(s.annual.id, { intervalCount: 6, intervalUnit: 'months', reason: 'Twice a year' });
    const link = await s.agent.post(`/api/properties/${s.property.id}/share-links`, { recipient: 'Salem Fire Marshal' });
    expect(link.statusCode, link.body).toBe(201);
    const page = await ctx.agent().get(`/api/share/${link.json().url.split('/share/')[1]}`);
    expect(page.statusCode, page.body).toBe(200);
    const [item] = page.json().items;
    expect(item.requirements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activity: 'Quarterly inspection', interval: 'Every 6 months', codeInterval: 'Every 3 months', belowCodeMinimum: true, belowCodeMinimumReason: 'Insurer agreed, ask [e-mail address]' }),
        expect.objectContaining({ activity: 'Annual inspection and test', belowCodeMinimum: false, belowCodeMinimumReason: null }),
      ]),
    );
    expect(item.switchedOff).toEqual([]);
    expect(page.body).not.toContain('@');
    expect(page.body).not.toContain('Twice a year');

    await s.put(s.quarterly.id, { active: false, reason: 'Central station monitoring' });
    const again = (await ctx.agent().get(`/api/share/${link.json().url.split('/share/')[1]}`)).json();
    expect(again.items[0].switchedOff).toEqual([
      { activity: 'Quarterly inspection', source: 'NFPA 25 (2023) Table 5.1.1.2', codeInterval: 'Every 3 months', belowCodeMinimumReason: 'Central station monitoring' },
    ]);
    const kept = again.items[0].requirements.map((r: Req) => r.activity);
    expect(kept).toContain('Annual inspection and test');
    expect(kept).not.toContain('Quarterly inspection');
  });

  it('is listed in the report with the source, what the code asks, what is kept and the reason', async () => {
    const s = await sprinklers();
    await s.put(s.quarterly.id, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer agreed to twice a year' });
    const res = await s.agent.post('/api/reports', { propertyId: s.property.id, reportType: 'fire_safety' });
    expect(res.statusCode, res.body).toBe(201);
    const text = (await pdfPages((await s.agent.get(res.json().downloadUrl)).rawPayload)).join('\n').replace(/\s+/g, ' ');
    const section = text.slice(text.indexOf('Below the code minimum'), text.indexOf('Requirements switched off'));
    expect(section).toContain(
      'Sprinkler System Quarterly inspection (source: NFPA 25 (2023) Table 5.1.1.2) Every 3 months Every 6 months Insurer agreed to twice a year',
    );
    expect(text).toContain('Quarterly inspection Every 6 months (below the code minimum) NFPA 25 (2023) Table 5.1.1.2');
  });
});
