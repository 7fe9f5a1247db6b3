import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { sendDueReminders } from '../reminders/reminders.service';
import { grantPro } from '../subscription/subscription.service';

/**
 * A requirement due within 30 days or overdue with no open inspection is "Due, not
 * scheduled": it counts on the dashboard, is listed for the upcoming page, the bell and the
 * calendar, and gets reminders like an inspection, once per due date.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * On 2026-06-10 (UTC): Alpha's fire alarm was due on June 5 with nothing scheduled (overdue),
 * its lighting's monthly test is first due on July 10 (day 30) and its annual test on
 * September 1; the monthly exit sign check is switched off (its signs have no batteries); Beta's alarm has an inspection on
 * June 20.
 */
async function portfolio() {
  setNow('2026-06-10T12:00:00Z');
  const s = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
  await grantPro(ctx.runtime.db, s.user.username);
  const alpha = await createProperty(ctx.runtime.db, s.user.id, { name: 'Alpha Tower', managerEmail: 'manager@alpha.example' });
  const beta = await createProperty(ctx.runtime.db, s.user.id, { name: 'Beta Clinic' });
  const add = (propertyId: number, itemType: string, nextDueDate: string) => s.agent.post(`/api/properties/${propertyId}/safety-items`, { itemType, nextDueDate });
  await add(alpha.id, 'fire_alarm', '2026-06-05');
  await add(alpha.id, 'emergency_lighting', '2026-09-01');
  // Its exit signs have no batteries of their own (no lighting tests of 7.9.3 for them).
  await ctx.runtime.db.execute(sql`insert into safety_item_answers (organization_id, property_id, item_type, answers)
    select organization_id, id, 'emergency_exits', '{"exit_sign_power": ["other"]}'::jsonb from properties where id = ${alpha.id}`);
  const signs = (await add(alpha.id, 'emergency_exits', '2026-12-01')).json().find((r: { activity: string }) => r.activity === 'Monthly exit sign check');
  await s.agent.put(`/api/requirements/${signs.id}`, { active: false, reason: 'No internally lit signs' });
  await s.agent.post('/api/inspections', { propertyId: beta.id, inspectionType: 'fire_alarm', dueDate: '2026-06-20', assignedTo: 'Dana Cole' });
  return { s, alpha, beta };
}

const entries = (list: { property: { name: string }; activity: string; nextDueDate: string; displayStatus: string }[]) =>
  list.map((r) => `${r.property.name} | ${r.activity} | ${r.nextDueDate} | ${r.displayStatus}`);

describe('due, not scheduled', () => {
  it('counts in the dashboard stats', async () => {
    const { s } = await portfolio();
    expect((await s.agent.get('/api/dashboard/stats')).json()).toEqual({
      propertyCount: 2,
      compliantCount: 0,
      upcomingInspectionCount: 2,
      overdueInspectionCount: 1,
      upcomingNotScheduledCount: 1,
      overdueNotScheduledCount: 1,
    });
  });

  it('is listed for the upcoming page and the bell, soonest first, beside the open inspections', async () => {
    const { s } = await portfolio();
    const res = await s.agent.get('/api/requirements/unscheduled');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(entries(res.json())).toEqual([
      'Alpha Tower | Annual test | 2026-06-05 | overdue',
      'Alpha Tower | Monthly 30-second functional test | 2026-07-10 | upcoming',
    ]);
    expect(res.json()[0]).toMatchObject({ itemType: 'fire_alarm', principal: true });
    expect(entries((await s.agent.get('/api/requirements/unscheduled?type=emergency_lighting')).json())).toHaveLength(1);
    expect(entries((await s.agent.get('/api/requirements/unscheduled?q=monthly')).json())).toHaveLength(1);
    expect(entries((await s.agent.get('/api/requirements/unscheduled?q=beta')).json())).toEqual([]);
    // SPEC's upcoming list keeps its shape: inspections only.
    expect((await s.agent.get('/api/inspections/upcoming')).json().map((i: { dueDate: string }) => i.dueDate)).toEqual(['2026-06-20']);
  });

  it('shows on the calendar: requirements with nothing scheduled, in the range asked for', async () => {
    const { s } = await portfolio();
    const september = await s.agent.get('/api/requirements/unscheduled?from=2026-09-01&to=2026-09-30');
    expect(entries(september.json())).toEqual(['Alpha Tower | Annual 90-minute test | 2026-09-01 | upcoming']);
    const bad = await s.agent.get('/api/requirements/unscheduled?from=tomorrow&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ limit: ['Limit must be at least 1'], from: ['Invalid date'] });
  });

  it('is in the calendar feed on its due date, beside the open inspections, until scheduled', async () => {
    const { s, alpha } = await portfolio();
    const feedPath = new URL((await s.agent.get('/api/calendar-feed')).json().url).pathname;
    const summaries = async () => {
      const text = (await ctx.app.inject({ method: 'GET', url: feedPath })).body.replace(/\r\n[ \t]/g, '');
      return [...text.matchAll(/^(DTSTART;VALUE=DATE:\d+|SUMMARY:.*)$/gm)].map((m) => m[1]).join(' ');
    };
    expect(await summaries()).toBe(
      'DTSTART;VALUE=DATE:20260605 SUMMARY:Fire Alarm (Annual test) inspection due\\, not scheduled: Alpha Tower ' +
        'DTSTART;VALUE=DATE:20260620 SUMMARY:Fire Alarm inspection: Beta Clinic ' +
        'DTSTART;VALUE=DATE:20260710 SUMMARY:Emergency Lighting (Monthly 30-second functional test) inspection due\\, not scheduled: Alpha Tower',
    );
    await s.agent.post('/api/inspections', { propertyId: alpha.id, inspectionType: 'fire_alarm', dueDate: '2026-06-12', assignedTo: 'Dana Cole' });
    expect(await summaries()).not.toContain('Annual test');
    expect(await summaries()).toContain('DTSTART;VALUE=DATE:20260612 SUMMARY:Fire Alarm inspection: Alpha Tower');
  });

  it('leaves the list once scheduled, and never shows another account', async () => {
    const { s, alpha } = await portfolio();
    const other = await portfolio();
    expect((await s.agent.get('/api/requirements/unscheduled')).headers['x-total-count']).toBe('2');
    await s.agent.post('/api/inspections', { propertyId: alpha.id, inspectionType: 'fire_alarm', dueDate: '2026-06-12', assignedTo: 'Dana Cole' });
    expect(entries((await s.agent.get('/api/requirements/unscheduled')).json())).toEqual([
      'Alpha Tower | Monthly 30-second functional test | 2026-07-10 | upcoming',
    ]);
    expect((await other.s.agent.get('/api/requirements/unscheduled')).headers['x-total-count']).toBe('2');
  });

  it('gets the reminders an inspection gets, once per due date', async () => {
    const { s, alpha } = await portfolio();
    const sweep = (iso: string) => sendDueReminders({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss }, new Date(iso));
    const mails = async () =>
      (await ctx.runtime.pool.query(`select kind, subject, text_body, cc_addresses from email_outbox where user_id = $1 and kind like 'requirement_reminder_%' order by id`, [s.user.id])).rows;

    await sweep('2026-06-10T12:00:00Z');
    await sweep('2026-06-10T13:00:00Z');
    const first = await mails();
    // The lighting's monthly test was added with no last date (its first date a guess): it is
    // counted in the daily digest, not reminded of alone (DECISIONS "Item types, activities and code sets").
    expect(first.map((m) => [m.kind, m.subject])).toEqual([['requirement_reminder_overdue', 'Overdue, not scheduled: Annual test (Fire Alarm) at Alpha Tower']]);
    const digest = await ctx.runtime.pool.query(`select subject from email_outbox where user_id = $1 and kind = 'requirement_digest'`, [s.user.id]);
    expect(digest.rows).toEqual([{ subject: expect.stringMatching(/^\d+ checks? at \d+ propert(y|ies) ha(s|ve) no known last date$/) }]);
    // The manager is never copied: asked to confirm first (decision 010), once for both reminders.
    expect(first[0].cc_addresses).toEqual([]);
    const toManager = await ctx.runtime.pool.query(`select kind from email_outbox where user_id = $1 and to_address = 'manager@alpha.example'`, [s.user.id]);
    expect(toManager.rows).toEqual([{ kind: 'manager_invitation' }]);
    expect(first[0].text_body).toContain('was due on Jun 5, 2026, 5 days ago, and no inspection is scheduled for it.');
    expect(first[0].text_body).toMatch(/Schedule the inspection: https:\/\/firemark\.example\.com\/inspections\/new\?propertyId=\d+&inspectionType=fire_alarm&requirementId=\d+&dueDate=2026-06-05/);

    // The next day: the overdue one waits a week to repeat.
    await sweep('2026-06-11T12:00:00Z');
    expect(await mails()).toHaveLength(1);

    // Scheduled: the inspection's own reminders take over.
    await s.agent.post('/api/inspections', { propertyId: alpha.id, inspectionType: 'fire_alarm', dueDate: '2026-06-12', assignedTo: 'Dana Cole' });
    await sweep('2026-06-17T12:00:00Z');
    expect((await mails()).map((m) => m.kind)).toEqual(['requirement_reminder_overdue']);
    const logs = await ctx.runtime.pool.query(
      `select l.reminder_type, l.due_date::text as due, l.reminder_count from requirement_reminder_logs l where l.organization_id = $1 order by l.id`,
      [s.user.id],
    );
    expect(logs.rows).toEqual([
      { reminder_type: 'overdue', due: '2026-06-05', reminder_count: 1 },
    ]);
  });
});

describe('GET /api/requirements/unscheduled?propertyIds= (the calendar an Insight link opens on chosen properties)', () => {
  it('lists only the chosen properties\' requirements, the total counting them; another organisation\'s id gives nothing', async () => {
    const { s, alpha, beta } = await portfolio();
    await s.agent.post(`/api/properties/${beta.id}/safety-items`, { itemType: 'fire_extinguisher', nextDueDate: '2026-06-30' });
    const both = await s.agent.get('/api/requirements/unscheduled');
    expect(entries(both.json())).toContain('Beta Clinic | Annual maintenance | 2026-06-30 | upcoming');

    const chosen = await s.agent.get(`/api/requirements/unscheduled?propertyIds=${beta.id}`);
    expect(entries(chosen.json())).toContain('Beta Clinic | Annual maintenance | 2026-06-30 | upcoming');
    expect(entries(chosen.json()).every((entry) => entry.startsWith('Beta Clinic'))).toBe(true);
    expect(chosen.headers['x-total-count']).toBe(String(chosen.json().length));
    expect(Number(both.headers['x-total-count'])).toBeGreaterThan(chosen.json().length);
    expect((await s.agent.get(`/api/requirements/unscheduled?propertyIds=${alpha.id},${beta.id}`)).headers['x-total-count']).toBe(both.headers['x-total-count']);

    const other = await ctx.signedIn();
    const theirs = await createProperty(ctx.runtime.db, other.user.id, { name: 'Not Yours' });
    const none = await s.agent.get(`/api/requirements/unscheduled?propertyIds=${theirs.id}`);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const bad = await s.agent.get('/api/requirements/unscheduled?propertyIds=a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ propertyIds: ['Property ids must be numbers separated by commas'] });
  });
});
