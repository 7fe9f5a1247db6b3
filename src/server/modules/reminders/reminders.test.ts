import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEmail, startEmailWorkers } from '../../email/delivery';
import { BULK_MAILS_PER_ACCOUNT_PER_HOUR } from '../../email/quota';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createMember, createUser, DEFAULT_PASSWORD, type SeedMemberInput } from '../../db/seed/users';
import { withTransaction } from '../../db/transaction';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { confirmAddress } from '../auth/email-confirmation.service';
import { grantPro } from '../subscription/subscription.service';
import { sendDueReminders } from './reminders.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

const deps = () => ({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
const sweep = (at: string) => sendDueReminders(deps(), new Date(at));

/** '2026-06-10' plus n days. */
const day = (n: number, from = '2026-06-10') => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function proAccount(input: { timeZone?: string; email?: string; confirmed?: boolean } = {}) {
  const { user } = await createUser(ctx.runtime.db, { timeZone: 'America/Los_Angeles', fullName: 'Jordan Lee', ...input });
  await grantPro(ctx.runtime.db, user.username);
  const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View', managerEmail: 'manager@harbor.example' });
  return { user, property };
}

const logsOf = async (userId: number) =>
  (
    await ctx.runtime.pool.query(
      `select l.due_date::text as due, l.reminder_type as type, l.reminder_count as count
       from reminder_logs l where l.organization_id = $1 order by l.due_date, l.reminder_type`,
      [userId],
    )
  ).rows;

/** The account's own reminders. */
const mailsOf = async (userId: number) =>
  (
    await ctx.runtime.pool.query(
      `select to_address, cc_addresses, subject, text_body from email_outbox where user_id = $1 and kind like 'reminder\\_%' order by id`,
      [userId],
    )
  ).rows;

/** Everything else the account caused: invitations and mail to managers. */
const otherMailsOf = async (userId: number) =>
  (await ctx.runtime.pool.query(`select kind, to_address from email_outbox where user_id = $1 and kind not like 'reminder\\_%' order by id`, [userId])).rows;

describe('inspection reminders', () => {
  it('sends the reminder each open inspection is due for, once, from 7 in the morning of the account', async () => {
    const { user, property } = await proAccount();
    const add = (n: number, status: 'scheduled' | 'completed' = 'scheduled') =>
      createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(n), status });
    for (const n of [31, 30, 20, 8, 7, 1, 0, -2]) await add(n);
    await add(3, 'completed');

    // 06:00 in Los Angeles: too early.
    await sweep('2026-06-10T13:00:00Z');
    expect(await logsOf(user.id)).toEqual([]);

    // 08:00 in Los Angeles, 2026-06-10 there.
    await sweep('2026-06-10T15:00:00Z');
    expect(await logsOf(user.id)).toEqual([
      { due: day(-2), type: 'overdue', count: 1 },
      { due: day(0), type: 'due_date', count: 1 },
      { due: day(1), type: 'seven_day', count: 1 },
      { due: day(7), type: 'seven_day', count: 1 },
      { due: day(8), type: 'thirty_day', count: 1 },
      { due: day(20), type: 'thirty_day', count: 1 },
      { due: day(30), type: 'thirty_day', count: 1 },
    ]);
    const mails = await mailsOf(user.id);
    expect(mails).toHaveLength(7);
    expect(mails.every((m) => m.to_address === user.email)).toBe(true);
    // No copies: the manager, who has not confirmed yet, is asked once instead.
    expect(mails.every((m) => m.cc_addresses.length === 0)).toBe(true);
    expect(await otherMailsOf(user.id)).toEqual([{ kind: 'manager_invitation', to_address: 'manager@harbor.example' }]);
    expect(mails.map((m) => m.subject)).toEqual([
      'Overdue inspection: Fire Extinguishers at Harbor View',
      'Inspection due today: Fire Extinguishers at Harbor View',
      'Inspection due in 1 day: Fire Extinguishers at Harbor View',
      'Inspection due in 7 days: Fire Extinguishers at Harbor View',
      'Inspection due in 8 days: Fire Extinguishers at Harbor View',
      'Inspection due in 20 days: Fire Extinguishers at Harbor View',
      'Inspection due in 30 days: Fire Extinguishers at Harbor View',
    ]);
    expect(mails[0].text_body).toContain('was due on Jun 8, 2026, 2 days ago');
    expect(mails[0].text_body).toMatch(/Open the inspection: https:\/\/firemark\.example\.com\/inspections\/\d+/);

    // Later the same day nothing is sent again; the next morning only what moved on.
    await sweep('2026-06-10T22:00:00Z');
    expect(await mailsOf(user.id)).toHaveLength(7);
    await sweep('2026-06-11T15:00:00Z');
    const next = (await mailsOf(user.id)).slice(7).map((m) => m.subject);
    // Yesterday's due date is now overdue, tomorrow's is today, 8 days entered the 7-day
    // window and 31 the 30-day one; the overdue one from before waits a week to repeat.
    expect(next).toEqual([
      'Overdue inspection: Fire Extinguishers at Harbor View',
      'Inspection due today: Fire Extinguishers at Harbor View',
      'Inspection due in 7 days: Fire Extinguishers at Harbor View',
      'Inspection due in 30 days: Fire Extinguishers at Harbor View',
    ]);
  });

  it('counts the day in the account time zone across the date line', async () => {
    const { user, property } = await proAccount({ timeZone: 'Pacific/Auckland' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-06-11' });
    // 2026-06-10 20:00 UTC is 08:00 on 2026-06-11 in Auckland: due today there.
    await sweep('2026-06-10T20:00:00Z');
    expect(await logsOf(user.id)).toEqual([{ due: '2026-06-11', type: 'due_date', count: 1 }]);
  });

  it('repeats an overdue reminder every week, three times in all', async () => {
    const { user, property } = await proAccount();
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(-1) });
    const overdueCount = async () => (await logsOf(user.id)).find((l) => l.type === 'overdue')?.count;
    await sweep('2026-06-10T16:00:00Z');
    expect(await overdueCount()).toBe(1);
    await sweep('2026-06-13T16:00:00Z');
    expect(await overdueCount()).toBe(1);
    await sweep('2026-06-17T16:00:00Z');
    expect(await overdueCount()).toBe(2);
    await sweep('2026-06-24T16:00:00Z');
    expect(await overdueCount()).toBe(3);
    await sweep('2026-07-01T16:00:00Z');
    expect(await overdueCount()).toBe(3);
    expect(await mailsOf(user.id)).toHaveLength(3);
  });

  it('reminds of an inspection entered after its due date from the day it is entered, daily as set, three times', async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query(`insert into reminder_settings (organization_id, frequency) values ($1, 'daily')`, [user.id]);
    // Entered on June 10, due ten days before.
    const late = await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(-10) });
    await ctx.runtime.pool.query(`update inspections set created_at = '2026-06-10T08:30:00Z' where id = $1`, [late.id]);
    // And one entered long ago, overdue for longer than its repeats could take: left alone.
    const old = await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(-12) });
    await ctx.runtime.pool.query(`update inspections set created_at = '2026-05-01T08:30:00Z' where id = $1`, [old.id]);

    await sweep('2026-06-10T09:00:00Z');
    expect(await logsOf(user.id)).toEqual([{ due: day(-10), type: 'overdue', count: 1 }]);
    expect((await mailsOf(user.id)).map((m) => m.subject)).toEqual(['Overdue inspection: Fire Extinguishers at Harbor View']);
    expect((await mailsOf(user.id))[0].text_body).toContain('was due on May 31, 2026, 10 days ago');
    for (const at of ['2026-06-11T09:00:00Z', '2026-06-12T09:00:00Z', '2026-06-13T09:00:00Z', '2026-06-14T09:00:00Z']) await sweep(at);
    expect(await logsOf(user.id)).toEqual([{ due: day(-10), type: 'overdue', count: 3 }]);
    expect(await mailsOf(user.id)).toHaveLength(3);
  });

  it('follows reminder settings: daily repeats, a type switched off, a different limit', async () => {
    const { user, property } = await proAccount();
    await ctx.runtime.pool.query(
      `insert into reminder_settings (organization_id, frequency, max_reminders_per_item, thirty_day_reminder) values ($1, 'daily', 2, false)`,
      [user.id],
    );
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(-1) });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(20) });
    for (const at of ['2026-06-10T16:00:00Z', '2026-06-11T16:00:00Z', '2026-06-12T16:00:00Z']) await sweep(at);
    expect(await logsOf(user.id)).toEqual([{ due: day(-1), type: 'overdue', count: 2 }]);
  });

  it('sends nothing to free accounts, ended trials or accounts with reminders switched off', async () => {
    const { user: free } = await createUser(ctx.runtime.db, { timeZone: 'UTC' });
    const freeProperty = await createProperty(ctx.runtime.db, free.id);
    await createInspectionRow(ctx.runtime.db, { organizationId: free.id, propertyId: freeProperty.id, dueDate: day(0) });

    const { user: ended, property: endedProperty } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query(`update organizations set plan_source = 'trial', pro_until = '2026-06-01' where id = $1`, [ended.id]);
    await createInspectionRow(ctx.runtime.db, { organizationId: ended.id, propertyId: endedProperty.id, dueDate: day(0) });

    const { user: off, property: offProperty } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query(
      `update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`,
      [off.id],
    );
    await createInspectionRow(ctx.runtime.db, { organizationId: off.id, propertyId: offProperty.id, dueDate: day(0) });

    await sweep('2026-06-10T12:00:00Z');
    for (const user of [free, ended, off]) expect(await mailsOf(user.id)).toEqual([]);
  });

  it('waits for an account to confirm its address, then reminds it of what is due', async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC', confirmed: false });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(0) });
    await sweep('2026-06-10T12:00:00Z');
    expect(await logsOf(user.id)).toEqual([]);
    await withTransaction(ctx.runtime.pool, (tx) => confirmAddress(tx, deps(), user.id, user.email, new Date('2026-06-10T12:30:00Z')));
    await sweep('2026-06-10T12:45:00Z');
    expect(await logsOf(user.id)).toEqual([{ due: day(0), type: 'due_date', count: 1 }]);
    expect((await mailsOf(user.id)).map((m) => m.subject)).toEqual(['Inspection due today: Fire Extinguishers at Harbor View']);
  });

  it('reminds again after a reschedule, for the new date', async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC' });
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(3) });
    await sweep('2026-06-10T12:00:00Z');
    await ctx.runtime.pool.query('update inspections set due_date = $2 where id = $1', [inspection.id, day(5)]);
    await sweep('2026-06-10T13:00:00Z');
    expect(await logsOf(user.id)).toEqual([
      { due: day(3), type: 'seven_day', count: 1 },
      { due: day(5), type: 'seven_day', count: 1 },
    ]);
  });

  it("leaves out cancelled inspections, and asks nothing of a manager who is the account's own address", async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query('update properties set manager_email = upper($2) where id = $1', [property.id, user.email]);
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(0), status: 'cancelled' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(2) });
    await sweep('2026-06-10T12:00:00Z');
    const mails = await mailsOf(user.id);
    expect(mails.map((m) => [m.subject, m.cc_addresses])).toEqual([['Inspection due in 2 days: Fire Extinguishers at Harbor View', []]]);
    expect(await otherMailsOf(user.id)).toEqual([]);
  });

  it('sends nothing when at most 0 reminders per item are wanted', async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query('insert into reminder_settings (organization_id, max_reminders_per_item) values ($1, 0)', [user.id]);
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(-1) });
    await sweep('2026-06-10T12:00:00Z');
    expect(await mailsOf(user.id)).toEqual([]);
  });

  it(`sends each reminder once when sweeps overlap, across pages of a large portfolio, ${BULK_MAILS_PER_ACCOUNT_PER_HOUR} an hour: the rest wait, none is lost`, { timeout: 90_000 }, async () => {
    const { user, property } = await proAccount({ timeZone: 'UTC' });
    await ctx.runtime.pool.query(
      `insert into inspections (organization_id, property_id, inspection_type, due_date, status, assigned_to)
       select $1, $2, 'fire_alarm', date '2026-06-10' + (g % 30), 'scheduled', 'Sam Ortiz' from generate_series(1, 450) g`,
      [user.id, property.id],
    );
    const anHourPasses = () => ctx.runtime.pool.query(`update email_outbox set created_at = created_at - interval '61 minutes' where user_id = $1`, [user.id]);
    await Promise.all([sweep('2026-06-10T12:00:00Z'), sweep('2026-06-10T12:00:00Z'), sweep('2026-06-10T12:00:00Z')]);
    expect(await mailsOf(user.id)).toHaveLength(BULK_MAILS_PER_ACCOUNT_PER_HOUR);
    await sweep('2026-06-10T12:15:00Z');
    expect(await mailsOf(user.id)).toHaveLength(BULK_MAILS_PER_ACCOUNT_PER_HOUR);
    await anHourPasses();
    await Promise.all([sweep('2026-06-10T13:15:00Z'), sweep('2026-06-10T13:15:00Z')]);
    expect(await mailsOf(user.id)).toHaveLength(2 * BULK_MAILS_PER_ACCOUNT_PER_HOUR);
    await anHourPasses();
    await sweep('2026-06-10T14:15:00Z');
    expect(await mailsOf(user.id)).toHaveLength(450);
    const unsent = await ctx.runtime.pool.query(`select count(*)::int as n from email_outbox where user_id = $1 and status = 'suppressed'`, [user.id]);
    expect(unsent.rows[0].n).toBe(0);
    const perInspection = await ctx.runtime.pool.query('select count(*)::int as n from reminder_logs where organization_id = $1 group by inspection_id having count(*) > 1', [
      user.id,
    ]);
    expect(perInspection.rows).toEqual([]);
  });

  it('lists what was sent on the inspection, and only to its owner', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'UTC' });
    await grantPro(ctx.runtime.db, user.username);
    const property = await createProperty(ctx.runtime.db, user.id);
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(0) });
    await sweep('2026-06-10T12:00:00Z');
    // No mail server has taken it yet (this context delivers nothing): it says so.
    const logs = await agent.get(`/api/inspections/${inspection.id}/reminder-logs`);
    expect(logs.json()).toMatchObject([
      {
        reminderType: 'due_date',
        emailSent: false,
        sentAt: null,
        reminderCount: 1,
        delivery: 'waiting',
        to: user.email,
        subject: `Inspection due today: Fire Extinguishers at ${property.name}`,
      },
    ]);
    // With no mail server set up (SMTP_URL unset) the mail ends in the server log, and the log says that, not "waiting".
    const [outbox] = (await ctx.runtime.pool.query(`select id from email_outbox where user_id = $1 and kind like 'reminder\\_%'`, [user.id])).rows;
    await deliverEmail(ctx.runtime.pool, null, ctx.config, ctx.app.log, outbox.id);
    expect((await agent.get(`/api/inspections/${inspection.id}/reminder-logs`)).json()).toMatchObject([
      { reminderType: 'due_date', emailSent: false, sentAt: null, delivery: 'logged', to: user.email },
    ]);
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.get(`/api/inspections/${inspection.id}/reminder-logs`)).statusCode).toBe(404);
  });
});

describe('reminders in a team', () => {
  /**
   * An organisation with an owner, an admin who switched reminders off, a manager given
   * Harbor View (A), a manager given Quay House (B) whose address is B's manager address, an
   * inspector member, and a manager given A who has not confirmed their address.
   */
  async function team() {
    const { user: owner, property: a } = await proAccount({ timeZone: 'UTC', email: `owner-${Date.now()}@team.example` });
    const b = await createProperty(ctx.runtime.db, owner.id, { name: 'Quay House', managerEmail: 'manager@quay.example' });
    const organizationId = owner.id;
    const member = (role: 'admin' | 'manager' | 'inspector', extra: Partial<SeedMemberInput> = {}) =>
      createMember(ctx.runtime.db, { organizationId, role, timeZone: 'UTC', ...extra }).then((m) => m.user);
    const admin = await member('admin', { fullName: 'Avery Admin' });
    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`, [admin.id]);
    const managerA = await member('manager', { fullName: 'Morgan Harbor', propertyIds: [a.id] });
    const managerB = await member('manager', { fullName: 'Riley Quay', propertyIds: [b.id] });
    // Quay House's manager address is that member's own.
    await ctx.runtime.pool.query('update properties set manager_email = $2 where id = $1', [b.id, managerB.email]);
    const unconfirmedA = await member('manager', { fullName: 'Casey New', propertyIds: [a.id], confirmed: false });
    const [row] = (await ctx.runtime.pool.query(`insert into inspectors (organization_id, name) values ($1, 'Sam Ortiz') returning id`, [organizationId])).rows;
    const inspector = await member('inspector', { fullName: 'Sam Ortiz', inspectorId: row.id as number });
    return { owner, admin, managerA, managerB, unconfirmedA, inspector, inspectorId: row.id as number, a, b, organizationId };
  }

  /** Who got which reminder (by subject), and in what state their mail is. */
  const remindersSent = async (organizationId: number) =>
    (
      await ctx.runtime.pool.query(
        `select user_id, to_address, subject, status, reference_id from email_outbox
         where organization_id = $1 and kind like 'reminder\\_%' order by id`,
        [organizationId],
      )
    ).rows;

  it('reaches the members who look after the property, each by their own settings, once per reminder', async () => {
    const t = await team();
    const assigned = await createInspectionRow(ctx.runtime.db, { organizationId: t.organizationId, propertyId: t.a.id, dueDate: day(2), inspectionType: 'fire_alarm' });
    await ctx.runtime.pool.query('update inspections set inspector_id = $2 where id = $1', [assigned.id, t.inspectorId]);
    await createInspectionRow(ctx.runtime.db, { organizationId: t.organizationId, propertyId: t.b.id, dueDate: day(3) });

    await sweep('2026-06-10T12:00:00Z');
    const mails = await remindersSent(t.organizationId);
    const to = (subject: string) => mails.filter((m) => m.subject === subject).map((m) => m.user_id);
    // A's inspection: the owner, A's managers and the inspector assigned; not B's manager, not the admin (reminders off).
    expect(to('Inspection due in 2 days: Fire Alarm at Harbor View')).toEqual([t.owner.id, t.managerA.id, t.unconfirmedA.id, t.inspector.id]);
    // B's: the owner and B's manager.
    expect(to('Inspection due in 3 days: Fire Extinguishers at Quay House')).toEqual([t.owner.id, t.managerB.id]);
    expect(mails.every((m) => m.to_address === [t.owner, t.managerA, t.managerB, t.unconfirmedA, t.inspector].find((u) => u.id === m.user_id)!.email)).toBe(true);
    // Each addressed by name; the unconfirmed member's reminder waits for their address.
    expect(mails.filter((m) => m.status === 'held').map((m) => m.user_id)).toEqual([t.unconfirmedA.id]);
    const text = (await ctx.runtime.pool.query(`select text_body from email_outbox where user_id = $1 and kind like 'reminder\\_%'`, [t.managerA.id])).rows[0].text_body;
    expect(text).toContain('Hello Morgan Harbor,');

    // One log row per reminder, which every recipient's mail refers to.
    expect(await logsOf(t.organizationId)).toEqual([
      { due: day(2), type: 'seven_day', count: 1 },
      { due: day(3), type: 'seven_day', count: 1 },
    ]);
    expect(new Set(mails.map((m) => m.reference_id)).size).toBe(2);
    // A's manager address is asked once, in the owner's name, not once per recipient; B's is a
    // member who gets the reminder anyway, so it is asked nothing.
    const managerMail = (await ctx.runtime.pool.query(`select kind, to_address, user_id from email_outbox where organization_id = $1 and kind like 'manager\\_%' order by id`, [t.organizationId])).rows;
    expect(managerMail).toEqual([{ kind: 'manager_invitation', to_address: 'manager@harbor.example', user_id: t.owner.id }]);

    // The inspection's reminder log lists everyone it went to.
    const owner = ctx.agent();
    expect((await owner.post('/api/auth/login', { username: t.owner.username, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    expect((await owner.get(`/api/inspections/${assigned.id}/reminder-logs`)).json()).toMatchObject([
      { reminderType: 'seven_day', to: [t.owner, t.managerA, t.unconfirmedA, t.inspector].map((u) => u.email).join(', ') },
    ]);

    // Another sweep sends nobody anything twice.
    await sweep('2026-06-10T14:00:00Z');
    expect(await remindersSent(t.organizationId)).toHaveLength(mails.length);
  });

  it('sends a reminder once someone who asks for it has confirmed, and not to an owner who switched reminders off', async () => {
    const { user: owner, property } = await proAccount({ timeZone: 'UTC', confirmed: false });
    const manager = await createMember(ctx.runtime.db, { organizationId: owner.id, role: 'manager', timeZone: 'UTC', propertyIds: [property.id], confirmed: false });
    await createInspectionRow(ctx.runtime.db, { organizationId: owner.id, propertyId: property.id, dueDate: day(0) });
    await sweep('2026-06-10T12:00:00Z');
    // Nobody who would get it has a confirmed address: nothing is logged, so nothing is lost.
    expect(await logsOf(owner.id)).toEqual([]);

    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`, [owner.id]);
    await withTransaction(ctx.runtime.pool, (tx) => confirmAddress(tx, deps(), manager.user.id, manager.user.email, new Date('2026-06-10T12:30:00Z')));
    await sweep('2026-06-10T12:45:00Z');
    expect((await remindersSent(owner.id)).map((m) => [m.user_id, m.status])).toEqual([[manager.user.id, 'pending']]);
  });

  it('waits, whole, for room in the hourly quota for all of its mails', async () => {
    const t = await team();
    // Room for fewer mails than the reminder of A needs (four members and no manager copy yet).
    await ctx.runtime.pool.query(
      `insert into email_outbox (organization_id, user_id, kind, to_address, subject, text_body, html_body, status)
       select $1, $2, 'compliance_alert', 'x@example.com', 's', 't', 'h', 'sent' from generate_series(1, $3::int)`,
      [t.organizationId, t.owner.id, BULK_MAILS_PER_ACCOUNT_PER_HOUR - 3],
    );
    await createInspectionRow(ctx.runtime.db, { organizationId: t.organizationId, propertyId: t.a.id, dueDate: day(2) });
    await ctx.runtime.pool.query(`update inspections set inspector_id = $2 where organization_id = $1`, [t.organizationId, t.inspectorId]);
    await sweep('2026-06-10T12:00:00Z');
    expect(await logsOf(t.organizationId)).toEqual([]);
    expect(await remindersSent(t.organizationId)).toEqual([]);
    await ctx.runtime.pool.query(`update email_outbox set created_at = created_at - interval '61 minutes' where organization_id = $1`, [t.organizationId]);
    await sweep('2026-06-10T13:00:00Z');
    expect(await remindersSent(t.organizationId)).toHaveLength(4);
  });
});

describe('reminder delivery', () => {
  let mailbox: TestMailbox;
  let stop: () => void;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox.close();
  });

  it('reaches the account through SMTP; the manager gets the invitation, then, once confirmed, reminders of its own until unsubscribing', async () => {
    const app = await createTestContext({ SMTP_URL: mailbox.url, APP_URL: 'https://firemark.example.com' });
    stop = await startEmailWorkers(app.runtime.boss, app.runtime.pool, app.config, app.app.log);
    try {
      const { user } = await createUser(app.runtime.db, { timeZone: 'UTC', email: 'owner@harbor.example', fullName: 'Jordan Lee' });
      await grantPro(app.runtime.db, user.username);
      const property = await createProperty(app.runtime.db, user.id, { name: 'Harbor View', managerEmail: 'manager@harbor.example' });
      const inspect = (dueDate: string) =>
        createInspectionRow(app.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate, inspectionType: 'sprinkler_system', assignedTo: 'Sam Ortiz' });
      const sweepAt = (at: string) => sendDueReminders({ config: app.config, db: app.runtime.db, pool: app.runtime.pool, boss: app.runtime.boss }, new Date(at));
      const toManager = () => mailbox.messages.filter((m) => toAddress(m) === 'manager@harbor.example');

      await inspect(day(7));
      await sweepAt('2026-06-10T09:00:00Z');
      const mail = await mailbox.waitFor((m) => toAddress(m) === 'owner@harbor.example');
      expect(mail.subject).toBe('Inspection due in 7 days: Sprinkler System at Harbor View');
      expect(mail.cc).toBeUndefined();
      expect(mail.text).toContain('Hello Jordan Lee');
      expect(mail.text).toContain('Assigned to: Sam Ortiz');
      // Delivered: the log says so, with the time the mail server took it.
      await expect
        .poll(async () => (await app.runtime.pool.query('select email_sent, sent_at from reminder_logs where organization_id = $1', [user.id])).rows[0])
        .toMatchObject({ email_sent: true, sent_at: expect.any(Date) });
      const invitation = await mailbox.waitFor((m) => toAddress(m) === 'manager@harbor.example');
      expect(invitation.subject).toBe('Confirm to receive fire-safety alerts for Harbor View');
      expect(invitation.text).not.toContain('Sam Ortiz');

      const token = /confirm\?token=([\w-]+)/.exec(invitation.text!)![1];
      expect((await app.agent().post('/api/mail/confirm', { token })).statusCode).toBe(200);
      await inspect(day(0));
      await sweepAt('2026-06-10T09:30:00Z');
      const reminder = await mailbox.waitFor((m) => toAddress(m) === 'manager@harbor.example' && m.subject!.startsWith('Inspection due today'));
      expect(reminder.subject).toBe('Inspection due today: Sprinkler System at Harbor View');
      expect(reminder.text).toContain('Hello,');
      expect(reminder.text).toContain('Assigned to: Sam Ortiz');
      expect(reminder.text).not.toContain('/inspections/');
      const oneClick = reminder.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
      expect(reminder.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const unsubscribeUrl = /<https:\/\/firemark\.example\.com(\/api\/mail\/unsubscribe\?token=[\w-]+)>/.exec(oneClick)![1]!;
      expect(reminder.text).toMatch(/Unsubscribe: https:\/\/firemark\.example\.com\/mail\/unsubscribe\?token=[\w-]+/);

      // What a mail provider sends for RFC 8058: a form body, no Origin, no session.
      const unsubscribed = await app.app.inject({
        method: 'POST',
        url: unsubscribeUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(unsubscribed.statusCode).toBe(200);
      await inspect(day(1));
      await sweepAt('2026-06-10T10:00:00Z');
      await mailbox.waitFor((m) => toAddress(m) === 'owner@harbor.example' && m.subject!.startsWith('Inspection due in 1 day'));
      await expect.poll(async () => (await app.runtime.pool.query(`select count(*)::int as n from email_outbox where status = 'pending'`)).rows[0].n, { timeout: 10_000 }).toBe(0);
      expect(toManager().map((m) => m.subject)).toEqual([
        'Confirm to receive fire-safety alerts for Harbor View',
        'Inspection due today: Sprinkler System at Harbor View',
      ]);
    } finally {
      stop();
      await app.close();
    }
  });
});
