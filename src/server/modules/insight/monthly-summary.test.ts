import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmailWorkers } from '../../email/delivery';
import { createProperty } from '../../db/seed/properties';
import { createMember, createUser } from '../../db/seed/users';
import { setNow } from '../../testing/clock';
import { pdfPages } from '../../testing/pdf-text';
import { startMailbox, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { sendMonthlySummaries } from './monthly-summary.service';

/**
 * docs/insight.md "Monthly summary": the PDF of a finished month with the changes since the
 * month before, and the mail on the first morning of each month to the owners and admins who
 * asked, once, through a real SMTP server. The history is seeded with known answers, in New
 * York's time zone, with a completion at 23:00 on 31 October local (already 1 November in UTC).
 */
let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;
beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ SMTP_URL: mailbox.url, APP_URL: 'https://firemark.example.com' });
  stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
});
afterAll(async () => {
  stopWorkers();
  await ctx.close();
  await mailbox.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const TZ = 'America/New_York';
const squeeze = (text: string) => text.replace(/\s+/g, ' ');
const query = (text: string, values: unknown[]) => ctx.runtime.pool.query(text, values);

/** An inspection as the history holds it; `created` defaults to long before the months summarised. */
async function inspection(
  org: number,
  property: number,
  input: { due: string; status?: string; completed?: string; created?: string },
): Promise<number> {
  const { rows } = await query(
    `insert into inspections (organization_id, property_id, inspection_type, due_date, status, completed_date, assigned_to, created_at)
     values ($1, $2, 'fire_alarm', $3, $4, $5, 'Sam Ortiz', $6) returning id`,
    [org, property, input.due, input.status ?? (input.completed ? 'completed' : 'scheduled'), input.completed ?? null, input.created ?? '2026-08-01T12:00:00Z'],
  );
  return rows[0].id;
}

async function deficiency(org: number, property: number, inspectionId: number, severity: string, found: string, correctedOn: string | null = null) {
  await query(
    `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on, created_at)
     values ($1, $2, $3, 'fire_alarm', 'Horn does not sound', $4, $5, $6)`,
    [org, property, inspectionId, severity, correctedOn, found],
  );
}

async function statusRow(org: number, property: number, day: string, row: { failed?: boolean; inspected: boolean; due: string | null }) {
  await query(
    `insert into property_status_changes (organization_id, property_id, day, has_failure, inspected, earliest_due_date, source)
     values ($1, $2, $3, $4, $5, $6, 'recorded')`,
    [org, property, day, row.failed ?? false, row.inspected, row.due],
  );
}

/**
 * Four properties: at the end of September 2 compliant, 1 pending, 1 non-compliant; at the end
 * of October 3 compliant and 1 non-compliant (its due date passed on 15 October). September:
 * 1 of 2 completed on time; October: 2 of 3, the late one 13 days late. Overdue: 1 at the end
 * of September, 2 at the end of October. Deficiencies: 2 found in September, 3 found and 2
 * corrected in October; open 2 then 3.
 */
async function seededOrganization(name: string) {
  const signedIn = await ctx.signedIn({ timeZone: TZ, fullName: 'Jordan Lee' });
  const org = signedIn.user.id;
  await query(`update organizations set name = $2, time_zone = $3 where id = $1`, [org, name, TZ]);
  const props = [];
  for (const propertyName of ['Alder House', 'Birch Court', 'Cedar Hall', 'Dune Tower']) {
    props.push(await createProperty(ctx.runtime.db, org, { name: propertyName }));
  }
  await query(`update properties set created_at = '2026-08-01T12:00:00Z' where organization_id = $1`, [org]);
  const [alder, birch, cedar, dune] = props.map((p) => p.id) as [number, number, number, number];
  await statusRow(org, alder, '2026-09-01', { inspected: true, due: '2027-01-01' });
  await statusRow(org, birch, '2026-09-01', { failed: true, inspected: true, due: '2027-01-01' });
  await statusRow(org, cedar, '2026-09-01', { inspected: false, due: null });
  await statusRow(org, dune, '2026-09-01', { inspected: true, due: '2026-10-15' });
  await statusRow(org, birch, '2026-10-20', { inspected: true, due: '2027-01-01' });
  await statusRow(org, cedar, '2026-10-05', { inspected: true, due: '2027-01-01' });

  const septemberOnTime = await inspection(org, alder, { due: '2026-09-10', completed: '2026-09-08T15:00:00Z' });
  const septemberLate = await inspection(org, birch, { due: '2026-09-05', completed: '2026-09-12T15:00:00Z' });
  // Overdue at the end of September, completed 13 days late in October.
  const lateInOctober = await inspection(org, cedar, { due: '2026-09-20', completed: '2026-10-03T15:00:00Z' });
  const octoberOnTime = await inspection(org, alder, { due: '2026-10-10', completed: '2026-10-09T15:00:00Z' });
  // 23:00 on 31 October in New York: October's, and on time.
  const lastEvening = await inspection(org, dune, { due: '2026-10-31', completed: '2026-11-01T03:00:00Z' });
  await inspection(org, dune, { due: '2026-10-20' }); // overdue at the end of October
  await inspection(org, birch, { due: '2026-10-25', status: 'in_progress' }); // overdue at the end of October
  await inspection(org, birch, { due: '2026-10-31' }); // due on the last day: not overdue yet
  await inspection(org, cedar, { due: '2026-09-01', status: 'cancelled' }); // counts nowhere
  await inspection(org, cedar, { due: '2026-10-02', created: '2026-11-05T12:00:00Z' }); // recorded later: not overdue then

  await deficiency(org, alder, septemberOnTime, 'critical', '2026-09-08T15:00:00Z', '2026-10-10');
  await deficiency(org, birch, septemberLate, 'impairment', '2026-09-12T15:00:00Z');
  await deficiency(org, cedar, lateInOctober, 'non_critical', '2026-10-03T15:00:00Z');
  await deficiency(org, alder, octoberOnTime, 'critical', '2026-10-09T15:00:00Z', '2026-10-20');
  await deficiency(org, dune, lastEvening, 'impairment', '2026-11-01T03:00:00Z');
  return { ...signedIn, org, props };
}

const SENTENCES = [
  'Compliant properties rose from 2 of 4 to 3 of 4.',
  'Inspections completed on time rose from 50% (1 of 2) in September to 67% (2 of 3) in October.',
  'Those completed late in October were a median of 13 days late.',
  '3 deficiencies were found and 2 corrected in October, against 2 found and 0 corrected in September.',
  'Open deficiencies rose from 2 to 3.',
  'Overdue inspections rose from 1 to 2.',
];

describe('GET /api/insight/summary.pdf', () => {
  it('prints the month’s figures and the changes since the month before, in words and tables', async () => {
    const { agent } = await seededOrganization('Harbor Holdings');
    setNow('2026-11-10T15:00:00Z');
    const res = await agent.get('/api/insight/summary.pdf?month=2026-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="firemark-summary-2026-10.pdf"; filename*=UTF-8''firemark-summary-2026-10.pdf`);
    const text = squeeze((await pdfPages(res.rawPayload)).join('\n'));
    for (const expected of [
      'Monthly portfolio summary: October 2026',
      'Harbor Holdings. All 4 properties of the organisation.',
      'Figures at the end of October 2026, compared with the end of September 2026.',
      ...SENTENCES,
      '2 compliant, 1 pending, 1 non-compliant',
      '3 compliant, 0 pending, 1 non-compliant',
      'Compliant (due soon included) 2 (50%) 3 (75%) +1',
      'On-time rate 50% 67%',
      'Overdue at the end of the month 1 2 +1',
      'Found in the month 2 3 +1',
      'Open at the end of the month 2 3 +1',
      // Open at the end of October: an impairment 49 days old, one a day old, a non-critical 28 days old.
      'Critical 0 0 0 0',
      'Impairment 1 1 0 2',
      'Non-critical 1 0 0 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses a month that has not ended, in the organisation’s zone, and a month that is not one', async () => {
    const { agent } = await ctx.signedIn({ timeZone: TZ });
    // 1 November 02:00 UTC is still 31 October in New York: October has not ended there.
    setNow('2026-11-01T02:00:00Z');
    for (const month of ['2026-10', '2026-12']) {
      const res = await agent.get(`/api/insight/summary.pdf?month=${month}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Choose a month that has ended', fieldErrors: { month: ['Choose a month that has ended'] } });
    }
    const bad = await agent.get('/api/insight/summary.pdf?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ month: ['Month must be YYYY-MM'] });
    expect((await agent.get('/api/insight/summary.pdf')).statusCode).toBe(400);
    expect((await ctx.agent().get('/api/insight/summary.pdf?month=2026-09')).statusCode).toBe(401);
  });

  it('counts only what the caller can see: another organisation’s owner and a manager given one property', async () => {
    const { org, props } = await seededOrganization('Harbor Holdings');
    setNow('2026-11-10T15:00:00Z');
    const other = await ctx.signedIn({ timeZone: TZ, fullName: 'Riley Chen' });
    const theirs = squeeze((await pdfPages((await other.agent.get('/api/insight/summary.pdf?month=2026-10')).rawPayload)).join('\n'));
    expect(theirs).toContain('Riley Chen. No properties yet.');
    expect(theirs).not.toContain('Harbor Holdings');
    expect(theirs).toContain('Open deficiencies stayed at 0.');

    const manager = await createMember(ctx.runtime.db, { organizationId: org, role: 'manager', propertyIds: [props[3]!.id], timeZone: TZ });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: manager.user.username, password: manager.password });
    expect((await agent.post(`/api/organizations/${org}/switch`)).statusCode).toBe(200);
    const text = squeeze((await pdfPages((await agent.get('/api/insight/summary.pdf?month=2026-10')).rawPayload)).join('\n'));
    expect(text).toContain('Harbor Holdings. The property you are given.');
    // Dune Tower alone: compliant at the end of September, overdue (non-compliant) at the end of October.
    expect(text).toContain('Compliant properties fell from 1 of 1 to 0 of 1.');
    expect(text).toContain('Overdue inspections rose from 0 to 1.');
  });
});

describe('the monthly summary mail', () => {
  const summaries = async (org: number) =>
    (await query(`select s.user_id, s.month::text as month, o.to_address, o.subject from monthly_summary_mails s join email_outbox o on o.id = s.outbox_id where s.organization_id = $1 order by s.id`, [org])).rows;

  it('goes on the first morning of the month to each owner and admin who asked, once, and to nobody else', async () => {
    const { org, user, agent } = await seededOrganization('Harbor Holdings');
    const admin = await createMember(ctx.runtime.db, { organizationId: org, role: 'admin', timeZone: TZ, fullName: 'Alex Admin' });
    const quietAdmin = await createMember(ctx.runtime.db, { organizationId: org, role: 'admin', timeZone: TZ });
    const manager = await createMember(ctx.runtime.db, { organizationId: org, role: 'manager', timeZone: TZ });
    setNow('2026-10-20T15:00:00Z');
    const settings = (await agent.get('/api/auth/notification-settings')).json() as Record<string, boolean>;
    expect((await agent.put('/api/auth/notification-settings', { ...settings, emailMonthlySummary: true })).statusCode).toBe(200);
    // The admin asked; the manager asked too, as the owner of their own organisation.
    await query(`update users set notification_settings = notification_settings || '{"emailMonthlySummary": true}' where id = any($1)`, [[admin.user.id, manager.user.id]]);

    // 1 November 09:00 UTC is 05:00 in New York: too early.
    await sendMonthlySummaries(deps(), new Date('2026-11-01T09:00:00Z'));
    expect(await summaries(org)).toEqual([]);
    await sendMonthlySummaries(deps(), new Date('2026-11-01T12:00:00Z'));
    // Run again (a second worker, a retry): nothing more.
    await sendMonthlySummaries(deps(), new Date('2026-11-01T13:00:00Z'));
    expect(await summaries(org)).toEqual([
      { user_id: user.id, month: '2026-10-01', to_address: user.email, subject: 'Harbor Holdings: your portfolio in October 2026' },
      { user_id: admin.user.id, month: '2026-10-01', to_address: admin.user.email, subject: 'Harbor Holdings: your portfolio in October 2026' },
    ]);

    const mail = await mailbox.waitFor(
      (m) => !!m.to && 'value' in m.to && m.to.value[0]?.address === admin.user.email && m.subject === 'Harbor Holdings: your portfolio in October 2026',
    );
    expect(mail.text).toContain('Hello Alex Admin,');
    for (const sentence of SENTENCES) {
      expect(mail.text).toContain(`- ${sentence}`);
      expect(mail.html).toContain(sentence);
    }
    expect(mail.text).toContain('Download the summary (PDF): https://firemark.example.com/insight?summary=2026-10#monthly-summary');
    // The manager (who asked as an owner elsewhere) and the admin who did not ask get nothing from this organisation.
    await expect.poll(async () => (await query(`select count(*)::int as n from email_outbox where status = 'pending'`, [])).rows[0].n, { timeout: 10_000 }).toBe(0);
    expect(
      (await query(`select count(*)::int as n from email_outbox where kind = 'monthly_summary' and organization_id = $1 and user_id = any($2)`, [org, [manager.user.id, quietAdmin.user.id]]))
        .rows[0].n,
    ).toBe(0);

    // After the first week of the month, one who asks late gets nothing until the next month.
    await query(`update users set notification_settings = notification_settings || '{"emailMonthlySummary": true}' where id = $1`, [quietAdmin.user.id]);
    await sendMonthlySummaries(deps(), new Date('2026-11-08T12:00:00Z'));
    expect(await summaries(org)).toHaveLength(2);
  });

  it('makes up a first of the month on which no job ran, in the month’s first week, for the month just ended', async () => {
    const { org, user, agent } = await seededOrganization('Quay Estates');
    setNow('2026-10-20T15:00:00Z');
    const settings = (await agent.get('/api/auth/notification-settings')).json() as Record<string, boolean>;
    expect((await agent.put('/api/auth/notification-settings', { ...settings, emailMonthlySummary: true })).statusCode).toBe(200);

    // Nothing ran on 1 November; the job's first run is on the 5th, 03:00 in New York (08:00 UTC).
    await sendMonthlySummaries(deps(), new Date('2026-11-05T08:00:00Z'));
    await sendMonthlySummaries(deps(), new Date('2026-11-06T12:00:00Z'));
    expect(await summaries(org)).toEqual([
      { user_id: user.id, month: '2026-10-01', to_address: user.email, subject: 'Quay Estates: your portfolio in October 2026' },
    ]);
  });

  it('cannot be asked for by a viewer, and can always be switched off', async () => {
    const owner = await createUser(ctx.runtime.db, { timeZone: TZ });
    const viewer = await createMember(ctx.runtime.db, { organizationId: owner.user.id, role: 'viewer' });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: viewer.user.username, password: viewer.password });
    expect((await agent.post(`/api/organizations/${owner.user.id}/switch`)).statusCode).toBe(200);
    const settings = (await agent.get('/api/auth/notification-settings')).json();
    expect(settings.emailMonthlySummary).toBe(false);
    const refused = await agent.put('/api/auth/notification-settings', { ...settings, emailMonthlySummary: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only owners and admins can do this (receive the monthly portfolio summary by e-mail). Ask an owner or admin of the organisation.',
    );
    // On from their own organisation, where they are the owner: saving the rest here keeps it, and switching it off works.
    await query(`update users set notification_settings = notification_settings || '{"emailMonthlySummary": true}' where id = $1`, [viewer.user.id]);
    expect((await agent.put('/api/auth/notification-settings', { ...settings, emailNewFeatures: true, emailMonthlySummary: true })).statusCode).toBe(200);
    const off = await agent.put('/api/auth/notification-settings', { ...settings, emailMonthlySummary: false });
    expect(off.json().emailMonthlySummary).toBe(false);
  });
});

const deps = () => ({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
