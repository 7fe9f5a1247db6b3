import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createMember, type SeedMemberInput } from '../../db/seed/users';
import { startEmailWorkers } from '../../email/delivery';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { ALERTS_PER_HOUR } from './compliance-alert';

let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;
beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com', SMTP_URL: mailbox.url });
  stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
});
afterAll(async () => {
  stopWorkers();
  await ctx.close();
  await mailbox.close();
});

type Session = Awaited<ReturnType<TestContext['signedIn']>>;

const today = () => new Date().toISOString().slice(0, 10);
const outboxOf = async (userId: number) =>
  (
    await ctx.runtime.pool.query(
      `select kind, to_address, cc_addresses, subject, text_body, status, headers from email_outbox where user_id = $1 order by id`,
      [userId],
    )
  ).rows;

async function completeOne(session: Session, propertyId: number, body: Record<string, unknown>) {
  const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: session.user.id, propertyId, dueDate: today(), inspectionType: 'fire_alarm' });
  const res = await session.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', ...body });
  expect(res.statusCode).toBe(200);
}

const nonCompliant = { complianceStatus: 'non_compliant', notes: 'Panel shows a ground fault on zone 4.' };

/** Waits until the account's outbox holds nothing undelivered, then lists what reached the address. */
async function deliveredTo(userId: number, address: string): Promise<ParsedMail[]> {
  await expect
    .poll(async () => (await ctx.runtime.pool.query(`select count(*)::int as n from email_outbox where user_id = $1 and status = 'pending'`, [userId])).rows[0].n, {
      timeout: 20_000,
    })
    .toBe(0);
  return mailbox.messages.filter((m) => toAddress(m) === address);
}

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');

describe('compliance alerts', () => {
  it('e-mails a non-compliant finding to the account alone; a manager who has not confirmed gets only the invitation, once', async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
    const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View', managerEmail: 'Manager@Harbor.example' });
    await completeOne(session, property.id, nonCompliant);
    await completeOne(session, property.id, { ...nonCompliant, notes: 'Horn does not sound.' });

    const mails = await outboxOf(session.user.id);
    expect(mails.map((m) => [m.kind, m.to_address, m.cc_addresses])).toEqual([
      ['compliance_alert', session.user.email, []],
      ['manager_invitation', 'manager@harbor.example', []],
      ['compliance_alert', session.user.email, []],
    ]);
    expect(mails[0]).toMatchObject({ subject: 'Action needed: Fire Alarm non-compliant at Harbor View' });
    expect(mails[0].text_body).toContain('Panel shows a ground fault on zone 4.');
    expect(mails[0].text_body).toContain(`https://firemark.example.com/properties/${property.id}`);

    // The invitation carries none of the account's own text but its name and the property's.
    const [invitation] = await deliveredTo(session.user.id, 'manager@harbor.example');
    expect(invitation!.subject).toBe('Confirm to receive fire-safety alerts for Harbor View');
    expect(invitation!.text).toContain(
      `Jordan Lee (${session.user.email}) uses Firemark to keep Harbor View fire-safe and would like to send you compliance alerts and inspection reminders.`,
    );
    expect(invitation!.text).not.toContain('ground fault');
    expect(invitation!.text).toMatch(/Confirm: https:\/\/firemark\.example\.com\/mail\/confirm\?token=[\w-]{43}/);
    expect(header(invitation!, 'list-unsubscribe')).toMatch(/^<https:\/\/firemark\.example\.com\/api\/mail\/unsubscribe\?token=[\w-]{43}>$/);
    expect(header(invitation!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mailbox.messages.filter((m) => toAddress(m) === session.user.email).every((m) => !m.cc)).toBe(true);
  });

  it('sends a confirmed manager a message of its own, with a one-click unsubscribe, and the account its alert without copy', async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
    const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Quay House', managerEmail: 'facilities@quay.example' });
    await completeOne(session, property.id, nonCompliant);
    const [invitation] = await deliveredTo(session.user.id, 'facilities@quay.example');
    const token = /confirm\?token=([\w-]+)/.exec(invitation!.text!)![1];
    expect((await ctx.agent().post('/api/mail/confirm', { token })).statusCode).toBe(200);

    await completeOne(session, property.id, { ...nonCompliant, notes: 'Two detectors missing on floor 3.' });
    const managerMails = await deliveredTo(session.user.id, 'facilities@quay.example');
    expect(managerMails.map((m) => m.subject)).toEqual([
      'Confirm to receive fire-safety alerts for Quay House',
      'Action needed: Fire Alarm non-compliant at Quay House',
    ]);
    const alert = managerMails[1]!;
    expect(alert.text).toContain('Two detectors missing on floor 3.');
    expect(alert.text).toContain(`Jordan Lee (${session.user.email}) keeps Quay House in Firemark.`);
    expect(alert.text).not.toContain('/properties/'); // no link into an account that is not theirs
    const oneClick = /^<(https:\/\/firemark\.example\.com\/api\/mail\/unsubscribe\?token=([\w-]{43}))>$/.exec(header(alert, 'list-unsubscribe') ?? '');
    expect(oneClick).not.toBeNull();
    expect(header(alert, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(alert.text).toContain(`Unsubscribe: https://firemark.example.com/mail/unsubscribe?token=${oneClick![2]}`);
    const ownAlerts = (await deliveredTo(session.user.id, session.user.email)).filter((m) => m.subject?.includes('Quay House'));
    expect(ownAlerts).toHaveLength(2);
    expect(ownAlerts.every((m) => !m.cc && !header(m, 'list-unsubscribe'))).toBe(true);
  });

  it("mails nothing separate and asks nothing when the manager is the account's own address", async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC' });
    const property = await createProperty(ctx.runtime.db, session.user.id, { managerEmail: session.user.email.toUpperCase() });
    await completeOne(session, property.id, nonCompliant);
    expect((await outboxOf(session.user.id)).map((m) => [m.kind, m.to_address])).toEqual([['compliance_alert', session.user.email]]);
  });

  it('sends nothing for a compliant result, or when the account has switched alerts off', async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC' });
    const property = await createProperty(ctx.runtime.db, session.user.id);
    await completeOne(session, property.id, { complianceStatus: 'compliant' });
    expect(await outboxOf(session.user.id)).toEqual([]);

    const off = await ctx.signedIn({ timeZone: 'UTC' });
    await off.agent.put('/api/auth/notification-settings', {
      emailInspectionReminders: true,
      emailComplianceAlerts: false,
      emailReportGeneration: true,
      emailNewFeatures: false,
    });
    const theirs = await createProperty(ctx.runtime.db, off.user.id);
    await completeOne(off, theirs.id, { complianceStatus: 'non_compliant', notes: 'Horn does not sound.' });
    expect(await outboxOf(off.user.id)).toEqual([]);
  });

  it('reaches the members who look after the property by their own settings: owner, admins and its managers, not the others', async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
    const organizationId = session.user.id;
    const a = await createProperty(ctx.runtime.db, organizationId, { name: 'Harbor View', managerEmail: session.user.email });
    const b = await createProperty(ctx.runtime.db, organizationId, { name: 'Quay House', managerEmail: session.user.email });
    const member = (input: Omit<SeedMemberInput, 'organizationId'>) => createMember(ctx.runtime.db, { organizationId, timeZone: 'UTC', ...input }).then((m) => m.user);
    // The admin switched reminders off, not alerts; another admin switched alerts off.
    const admin = await member({ role: 'admin', fullName: 'Avery Admin' });
    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`, [admin.id]);
    const quietAdmin = await member({ role: 'admin' });
    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailComplianceAlerts": false}' where id = $1`, [quietAdmin.id]);
    const managerA = await member({ role: 'manager', propertyIds: [a.id] });
    const managerB = await member({ role: 'manager', fullName: 'Riley Quay', propertyIds: [b.id] });
    const newManagerB = await member({ role: 'manager', propertyIds: [b.id], confirmed: false });
    const [row] = (await ctx.runtime.pool.query(`insert into inspectors (organization_id, name) values ($1, 'Sam Ortiz') returning id`, [organizationId])).rows;
    const inspector = await member({ role: 'inspector', inspectorId: row.id as number });
    const viewer = await member({ role: 'viewer' });

    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId, propertyId: b.id, dueDate: today(), inspectionType: 'fire_alarm' });
    await ctx.runtime.pool.query('update inspections set inspector_id = $2 where id = $1', [inspection.id, row.id]);
    expect((await session.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', ...nonCompliant })).statusCode).toBe(200);

    const alerts = (
      await ctx.runtime.pool.query(`select user_id, to_address, status, text_body from email_outbox where organization_id = $1 and kind = 'compliance_alert' order by id`, [
        organizationId,
      ])
    ).rows;
    expect(alerts.map((m) => m.user_id)).toEqual([session.user.id, admin.id, managerB.id, newManagerB.id]);
    for (const absent of [quietAdmin, managerA, inspector, viewer]) expect(alerts.some((m) => m.user_id === absent.id)).toBe(false);
    expect(alerts.find((m) => m.user_id === managerB.id)).toMatchObject({ to_address: managerB.email, status: 'pending' });
    expect(alerts.find((m) => m.user_id === managerB.id)!.text_body).toContain('Riley Quay');
    // The member who has not confirmed their address gets theirs once they do.
    expect(alerts.find((m) => m.user_id === newManagerB.id)!.status).toBe('held');
  });

  it(`sends ${ALERTS_PER_HOUR} alerts an hour, then one summary, then nothing until the hour has passed, however many completions run at once`, async () => {
    const session = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
    const buildings = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createProperty(ctx.runtime.db, session.user.id, { name: `Block ${i + 1}`, managerEmail: session.user.email })),
    );
    for (let i = 0; i < 10; i++) await completeOne(session, buildings[i % 5]!.id, nonCompliant);
    await Promise.all(Array.from({ length: 40 }, (_, i) => completeOne(session, buildings[i % 5]!.id, nonCompliant)));

    const received = await deliveredTo(session.user.id, session.user.email);
    const subjects = received.map((m) => m.subject!);
    expect(subjects.filter((s) => s.startsWith('Action needed: Fire Alarm non-compliant'))).toHaveLength(ALERTS_PER_HOUR);
    expect(subjects.filter((s) => s === 'More inspections found non-compliant: alerts paused for up to an hour')).toHaveLength(1);
    expect(received).toHaveLength(ALERTS_PER_HOUR + 1);
    const summary = received.find((m) => m.subject!.startsWith('More inspections'))!;
    expect(summary.text).toContain(`Firemark has e-mailed you ${ALERTS_PER_HOUR} compliance alerts in the last hour`);
    expect(summary.text).toContain('https://firemark.example.com/properties?status=non_compliant');
    // Every finding is kept on record, including the ones not sent.
    const kept = (await outboxOf(session.user.id)).filter((m) => m.kind === 'compliance_alert');
    expect(kept.filter((m) => m.status === 'suppressed')).toHaveLength(50 - ALERTS_PER_HOUR);

    // An hour later alerts go out again.
    await ctx.runtime.pool.query(`update email_outbox set created_at = created_at - interval '61 minutes' where user_id = $1`, [session.user.id]);
    await completeOne(session, buildings[0]!.id, nonCompliant);
    expect((await deliveredTo(session.user.id, session.user.email)).length).toBe(ALERTS_PER_HOUR + 2);
  });
});
