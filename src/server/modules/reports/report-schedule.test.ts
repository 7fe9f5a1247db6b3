import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { pdfPages } from '../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/**
 * Issue 30, item 5: the report explains where the schedule departs from its sources
 * (DECISIONS "Requirements and recurrence": a reason kept beside the source), so an insurer
 * reads why a check is not done, who decided it and when.
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

async function proProperty() {
  const session = await ctx.signedIn({ timeZone: 'America/New_York', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, session.user.username);
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  return { ...session, property };
}

async function reportText(agent: Awaited<ReturnType<typeof proProperty>>['agent'], propertyId: number) {
  const res = await agent.post('/api/reports', { propertyId, reportType: 'fire_safety' });
  expect(res.statusCode).toBe(201);
  const pages = await pdfPages((await agent.get(res.json().downloadUrl)).rawPayload);
  return pages.join('\n').replace(/\s+/g, ' ');
}

describe('the report and the schedule changes', () => {
  it('lists requirements switched off and intervals changed, each with its reason, who and when', async () => {
    // 01:30 UTC on Apr 11 is Apr 10 in New York: the dates are the account's.
    setNow('2026-04-11T01:30:00Z');
    const s = await proProperty();
    const [monthly, annual] = (await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'emergency_lighting', nextDueDate: '2026-06-12' })).json();
    expect((await s.agent.put(`/api/requirements/${monthly.id}`, { active: false, reason: 'Units test themselves and keep a log' })).statusCode).toBe(200);
    setNow('2026-04-14T15:00:00Z');
    expect((await s.agent.put(`/api/requirements/${annual.id}`, { intervalCount: 6, intervalUnit: 'months', reason: 'Insurer asks for twice a year' })).statusCode).toBe(200);

    const text = await reportText(s.agent, s.property.id);
    const switchedOff = text.slice(text.indexOf('Requirements switched off'), text.indexOf('Changes to the schedule'));
    expect(switchedOff).toContain('Emergency Lighting Monthly 30-second functional test (source: NFPA 101 (2021) 7.9.3.1.1) Apr 10, 2026 by Jordan Lee Units test themselves and keep a log');
    const changes = text.slice(text.indexOf('Changes to the schedule'), text.indexOf('Open deficiencies'));
    // Newest first.
    expect(changes).toContain('Apr 14, 2026 Jordan Lee Emergency Lighting: Annual 90-minute test Interval: every year, now every 6 months Insurer asks for twice a year');
    expect(changes).toContain('Apr 10, 2026 Jordan Lee Emergency Lighting: Monthly 30-second functional test Switched off Units test themselves and keep a log');
    expect(changes.indexOf('Apr 14, 2026')).toBeLessThan(changes.indexOf('Apr 10, 2026'));
    // The requirement still in force shows its new interval beside its source.
    expect(text).toContain('Annual 90-minute test Every 6 months NFPA 101 (2021) 7.9.3.1.1');
  });

  it('keeps a switch back on in the history, and no longer lists the requirement as switched off', async () => {
    setNow('2026-04-12T12:00:00Z');
    const s = await proProperty();
    const [monthly] = (await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'emergency_lighting', nextDueDate: '2026-06-12' })).json();
    await s.agent.put(`/api/requirements/${monthly.id}`, { active: false, reason: 'Units test themselves and keep a log' });
    await s.agent.put(`/api/requirements/${monthly.id}`, { active: true, reason: 'The log was not kept' });

    const text = await reportText(s.agent, s.property.id);
    expect(text).toContain('Requirements switched off None: every requirement of the schedule applies.');
    expect(text).toContain('Emergency Lighting: Monthly 30-second functional test Switched on The log was not kept');
    expect(text).toContain('Emergency Lighting: Monthly 30-second functional test Switched off Units test themselves and keep a log');
  });

  it('prints a reason too long for its cell in full after the table, and a custom requirement with its reason', async () => {
    setNow('2026-04-12T12:00:00Z');
    const s = await proProperty();
    await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'fire_alarm', nextDueDate: '2026-06-12' });
    const reason = `${'The insurer of the building asks for a weekly walk past every panel. '.repeat(12)}END-OF-REASON`;
    const added = await s.agent.post(`/api/properties/${s.property.id}/requirements`, {
      itemType: 'fire_alarm',
      activity: 'Weekly panel check',
      intervalCount: 1,
      intervalUnit: 'weeks',
      source: 'Insurer letter of March 2026',
      nextDueDate: '2026-04-19',
      reason,
    });
    expect(added.statusCode).toBe(201);

    const text = await reportText(s.agent, s.property.id);
    const changes = text.slice(text.indexOf('Changes to the schedule'), text.indexOf('Open deficiencies'));
    expect(changes).toContain('Fire Alarm: Weekly panel check Added by hand: every week');
    // Cut in the table, whole below it.
    expect(changes).toContain('Reasons in full');
    expect(changes.slice(changes.indexOf('Reasons in full')).replace(/\s+/g, '')).toContain(reason.replace(/\s+/g, ''));
  });

  it('says so when nothing departs from the sources, and leaves the sections out for a property with no requirement', async () => {
    setNow('2026-04-12T12:00:00Z');
    const s = await proProperty();
    const bare = await reportText(s.agent, s.property.id);
    expect(bare).not.toContain('Requirements switched off');
    expect(bare).not.toContain('Changes to the schedule');

    await s.agent.post(`/api/properties/${s.property.id}/safety-items`, { itemType: 'fire_doors', nextDueDate: '2026-06-12' });
    const text = await reportText(s.agent, s.property.id);
    expect(text).toContain('Requirements switched off None: every requirement of the schedule applies.');
    expect(text).toContain('Changes to the schedule None: no requirement was switched off or on or had its interval changed, and none was added by hand.');
  });
});
