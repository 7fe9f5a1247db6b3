import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmailWorkers } from '../../email/delivery';
import { BULK_MAILS_PER_ACCOUNT_PER_HOUR } from '../../email/quota';
import { createProperty } from '../../db/seed/properties';
import { createMember, createUser } from '../../db/seed/users';
import { withTransaction } from '../../db/transaction';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { confirmAddress } from '../auth/email-confirmation.service';
import { grantPro } from '../subscription/subscription.service';
import { sendDueReminders } from './reminders.service';

/**
 * DECISIONS "Item types, activities and code sets": requirements with no known last date are
 * mailed as one daily digest per organisation (how many, where, a link to record the dates),
 * never as one reminder each. Delivered through a real SMTP server.
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

const deps = () => ({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
const sweep = (at: string) => sendDueReminders(deps(), new Date(at));

let serial = 0;
async function proOrganization(input: { confirmed?: boolean; timeZone?: string } = {}) {
  serial++;
  const email = `owner-${serial}-${Date.now()}@digest.example`;
  const { user } = await createUser(ctx.runtime.db, { timeZone: input.timeZone ?? 'UTC', fullName: 'Jordan Lee', email, confirmed: input.confirmed });
  await grantPro(ctx.runtime.db, user.username);
  return { owner: user, organizationId: user.id };
}

/** A requirement as the sweep sees it: due on `due`, its last date known or not, with nothing scheduled. */
async function requirement(organizationId: number, propertyId: number, due: string, unknown: boolean, activity = 'Annual test') {
  await ctx.runtime.pool.query(
    `insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date, last_done_unknown)
     values ($1, $2, 'fire_alarm', $3, 12, $4, $5)`,
    [organizationId, propertyId, `${activity} ${++serial}`, due, unknown],
  );
}

async function properties(organizationId: number, names: string[]) {
  const list = [];
  for (const name of names) list.push(await createProperty(ctx.runtime.db, organizationId, { name, managerEmail: `manager-${++serial}@digest.example` }));
  return list;
}

/** The organisation's mail of a kind, in the order it was queued. */
const outbox = async (organizationId: number, kind: string) =>
  (
    await ctx.runtime.pool.query(`select user_id, to_address, subject, status from email_outbox where organization_id = $1 and kind like $2 order by id`, [
      organizationId,
      kind,
    ])
  ).rows;

const delivered = async () =>
  expect.poll(async () => (await ctx.runtime.pool.query(`select count(*)::int as n from email_outbox where status = 'pending'`)).rows[0].n, { timeout: 10_000 }).toBe(0);

describe('the daily digest of requirements with no known last date', () => {
  it('is one mail for many, once a day in the organisation zone, while known requirements keep their own reminders', async () => {
    const { owner, organizationId } = await proOrganization({ timeZone: 'America/Los_Angeles' });
    const names = ['Alpha Tower', 'Beta Clinic', 'Cedar Court', 'Dune House', 'Elm Place', 'Fir Lodge', 'Glen Hall', 'Hazel Row', 'Iris Block', 'Juniper Yard', 'Kite Works', 'Larch Mews'];
    const list = await properties(organizationId, names);
    // 14 checks at 12 properties: two each at Alpha and Beta, one at each other.
    for (const p of list) await requirement(organizationId, p.id, '2026-06-10', true);
    for (const p of list.slice(0, 2)) await requirement(organizationId, p.id, '2026-06-10', true, 'Five-year test');
    // A known one, overdue: reminded of alone, as before.
    await requirement(organizationId, list[0]!.id, '2026-06-05', false, 'Semiannual test');

    // 06:00 in Los Angeles: too early for any of it.
    await sweep('2026-06-10T13:00:00Z');
    expect(await outbox(organizationId, 'requirement\\_%')).toEqual([]);

    await sweep('2026-06-10T15:00:00Z');
    const reminders = await outbox(organizationId, 'requirement\\_reminder\\_%');
    expect(reminders.map((m) => m.subject)).toEqual([expect.stringMatching(/^Overdue, not scheduled: Semiannual test \d+ \(Fire Alarm\) at Alpha Tower$/)]);
    expect(await outbox(organizationId, 'requirement_digest')).toMatchObject([
      { user_id: owner.id, to_address: owner.email, subject: '14 checks at 12 properties have no known last date' },
    ]);

    const mail = await mailbox.waitFor((m) => toAddress(m) === owner.email && m.subject === '14 checks at 12 properties have no known last date');
    expect(mail.text).toContain('Hello Jordan Lee,');
    expect(mail.text).toContain('14 checks at 12 properties have no known last date. Until someone records when they were last done, Firemark counts them as due now.');
    expect(mail.text).toContain(['- Alpha Tower: 2 checks', '- Beta Clinic: 2 checks', '- Cedar Court: 1 check'].join('\n'));
    // Ten properties named, the rest counted.
    expect(mail.text).toContain('- Juniper Yard: 1 check\n- and 2 more properties');
    expect(mail.text).not.toContain('Kite Works');
    expect(mail.text).toContain('Record past inspections: https://firemark.example.com/properties/past-inspections');
    expect(mail.html).toContain('href="https://firemark.example.com/properties/past-inspections"');
    // Delivered: its log says so.
    await expect
      .poll(async () => (await ctx.runtime.pool.query('select email_sent, check_count, property_count, digest_day::text as day from requirement_digest_logs where organization_id = $1', [organizationId])).rows)
      .toEqual([{ email_sent: true, check_count: 14, property_count: 12, day: '2026-06-10' }]);

    // Later the same day, three sweeps at once: nothing more.
    await Promise.all([sweep('2026-06-10T22:00:00Z'), sweep('2026-06-10T22:00:00Z'), sweep('2026-06-10T22:00:00Z')]);
    expect(await outbox(organizationId, 'requirement_digest')).toHaveLength(1);
    // Still the 10th in Los Angeles at 06:59 UTC on the 11th.
    await sweep('2026-06-11T06:59:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toHaveLength(1);

    // The next morning, with two recorded since (a known last date): one again, counting the rest.
    await ctx.runtime.pool.query(
      `update requirements set last_done_on = '2026-01-15', last_done_unknown = false, next_due_date = '2027-01-15' where property_id = $1 and last_done_unknown`,
      [list[0]!.id],
    );
    await Promise.all([sweep('2026-06-11T15:00:00Z'), sweep('2026-06-11T15:00:00Z')]);
    expect((await outbox(organizationId, 'requirement_digest')).map((m) => m.subject)).toEqual([
      '14 checks at 12 properties have no known last date',
      '12 checks at 11 properties have no known last date',
    ]);
    // No reminder of its own for any of them, ever; the known one waits a week to repeat.
    expect(await outbox(organizationId, 'requirement\\_reminder\\_%')).toHaveLength(1);

    // All recorded: no digest.
    await ctx.runtime.pool.query(`update requirements set last_done_on = '2026-01-15', last_done_unknown = false, next_due_date = '2027-01-15' where organization_id = $1 and last_done_unknown`, [organizationId]);
    await sweep('2026-06-12T15:00:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toHaveLength(2);
    await delivered();
  });

  it('is not sent when nothing lacks a last date, nor for a requirement scheduled or switched off', async () => {
    const { organizationId } = await proOrganization();
    const [a] = await properties(organizationId, ['Harbor View']);
    await requirement(organizationId, a!.id, '2026-06-10', false);
    await requirement(organizationId, a!.id, '2026-06-10', true);
    await ctx.runtime.pool.query(`update requirements set has_open_inspection = true where property_id = $1 and last_done_unknown`, [a!.id]);
    await requirement(organizationId, a!.id, '2026-06-10', true);
    await ctx.runtime.pool.query(`update requirements set active = false, applies = false where property_id = $1 and last_done_unknown and not has_open_inspection`, [a!.id]);
    await sweep('2026-06-10T12:00:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toEqual([]);
    expect(await outbox(organizationId, 'requirement\\_reminder\\_%')).toHaveLength(1);
  });

  it('tells each member of the properties they look after, in their organisation only, by their own settings', async () => {
    const { owner, organizationId } = await proOrganization();
    const [a, b] = await properties(organizationId, ['Harbor View', 'Quay House']);
    for (let i = 0; i < 3; i++) await requirement(organizationId, a!.id, '2026-06-10', true);
    await requirement(organizationId, b!.id, '2026-06-10', true);
    const member = (role: 'admin' | 'manager' | 'viewer', extra: { propertyIds?: number[]; confirmed?: boolean } = {}) =>
      createMember(ctx.runtime.db, { organizationId, role, timeZone: 'UTC', fullName: `Member ${++serial}`, ...extra }).then((m) => m.user);
    const admin = await member('admin');
    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`, [admin.id]);
    const managerA = await member('manager', { propertyIds: [a!.id] });
    const unconfirmedB = await member('manager', { propertyIds: [b!.id], confirmed: false });
    await member('viewer');
    // Another organisation, with its own: counted apart.
    const other = await proOrganization();
    const [c] = await properties(other.organizationId, ['Elsewhere']);
    await requirement(other.organizationId, c!.id, '2026-06-10', true);

    await sweep('2026-06-10T12:00:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toEqual([
      { user_id: owner.id, to_address: owner.email, subject: '4 checks at 2 properties have no known last date', status: expect.any(String) },
      { user_id: managerA.id, to_address: managerA.email, subject: '3 checks at 1 property have no known last date', status: expect.any(String) },
      // Held until that member confirms their address.
      { user_id: unconfirmedB.id, to_address: unconfirmedB.email, subject: '1 check at 1 property has no known last date', status: 'held' },
    ]);
    expect((await outbox(other.organizationId, 'requirement_digest')).map((m) => m.subject)).toEqual(['1 check at 1 property has no known last date']);
    const toManagerA = await mailbox.waitFor((m) => toAddress(m) === managerA.email);
    expect(toManagerA.text).toContain('- Harbor View: 3 checks');
    expect(toManagerA.text).not.toContain('Quay House');
    // The property's manager address gets nothing of it: the fix is in Firemark.
    expect(await outbox(organizationId, 'manager\\_%')).toEqual([]);
    await delivered();
  });

  it('waits for someone who asks for it to confirm their address, and leaves out an owner who switched reminders off', async () => {
    const { owner, organizationId } = await proOrganization({ confirmed: false });
    const [a] = await properties(organizationId, ['Harbor View']);
    await requirement(organizationId, a!.id, '2026-06-10', true);
    const manager = await createMember(ctx.runtime.db, { organizationId, role: 'manager', timeZone: 'UTC', propertyIds: [a!.id], confirmed: false });
    await sweep('2026-06-10T12:00:00Z');
    // Nobody who would get it has a confirmed address: nothing logged, so nothing lost.
    expect(await outbox(organizationId, 'requirement_digest')).toEqual([]);
    expect((await ctx.runtime.pool.query('select 1 from requirement_digest_logs where organization_id = $1', [organizationId])).rows).toEqual([]);

    await ctx.runtime.pool.query(`update users set notification_settings = notification_settings || '{"emailInspectionReminders": false}' where id = $1`, [owner.id]);
    await withTransaction(ctx.runtime.pool, (tx) => confirmAddress(tx, deps(), manager.user.id, manager.user.email, new Date('2026-06-10T12:30:00Z')));
    await sweep('2026-06-10T12:45:00Z');
    expect((await outbox(organizationId, 'requirement_digest')).map((m) => m.user_id)).toEqual([manager.user.id]);
    await mailbox.waitFor((m) => toAddress(m) === manager.user.email && m.subject === '1 check at 1 property has no known last date');
    await delivered();
  });
});

describe('the digest and the hourly mail quota', () => {
  it('waits, unlogged, while the organisation has no room for it, then goes', async () => {
    const { owner, organizationId } = await proOrganization();
    const [a] = await properties(organizationId, ['Harbor View']);
    await requirement(organizationId, a!.id, '2026-06-10', true);
    await ctx.runtime.pool.query(
      `insert into email_outbox (organization_id, user_id, kind, to_address, subject, text_body, html_body, status)
       select $1, $2, 'compliance_alert', 'x@example.com', 's', 't', 'h', 'sent' from generate_series(1, $3::int)`,
      [organizationId, owner.id, BULK_MAILS_PER_ACCOUNT_PER_HOUR],
    );
    await sweep('2026-06-10T12:00:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toEqual([]);
    expect((await ctx.runtime.pool.query('select 1 from requirement_digest_logs where organization_id = $1', [organizationId])).rows).toEqual([]);
    await ctx.runtime.pool.query(`update email_outbox set created_at = created_at - interval '61 minutes' where organization_id = $1`, [organizationId]);
    await sweep('2026-06-10T13:00:00Z');
    expect(await outbox(organizationId, 'requirement_digest')).toHaveLength(1);
    await delivered();
  });
});
