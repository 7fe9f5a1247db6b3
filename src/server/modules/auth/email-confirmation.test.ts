import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createUser } from '../../db/seed/users';
import { startEmailWorkers } from '../../email/delivery';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({
    SMTP_URL: mailbox.url,
    APP_URL: 'https://firemark.example.com',
    SUPPORT_EMAIL: 'help@firemark.example.com',
    AUTH_RATE_LIMIT: '1000',
  });
  stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
});
afterAll(async () => {
  stopWorkers();
  await ctx.close();
  await mailbox.close();
});

const CONFIRM_SUBJECT = 'Confirm your e-mail address for Firemark';
const NOTICE_SUBJECT = 'Someone tried to use your e-mail address on Firemark';
const INVALID_LINK = 'This confirmation link is invalid or has expired.';

const signUp = (agent: Agent, name: string, email: string) =>
  agent.post('/api/auth/register', { fullName: 'Ava Stone', email, username: name, password: 'long-enough-pw' });

const mailsTo = (address: string, subject?: string) =>
  mailbox.messages.filter((m) => toAddress(m).toLowerCase() === address.toLowerCase() && (!subject || m.subject === subject));

/** The token of the next confirmation mail to `address` after the first `after` of them. */
async function confirmationToken(address: string, after = 0): Promise<string> {
  const mail = await mailbox.waitFor(
    (m) => toAddress(m).toLowerCase() === address.toLowerCase() && m.subject === CONFIRM_SUBJECT && mailsTo(address, CONFIRM_SUBJECT).indexOf(m) >= after,
  );
  const link = /https:\/\/firemark\.example\.com\/confirm-email\?token=([\w-]+)/.exec(mail.text ?? '');
  expect(link, 'the e-mail carries a confirmation link on APP_URL').not.toBeNull();
  return link![1]!;
}

/** Every mail written so far has been handed to the SMTP server, so what it holds is final. */
async function allDelivered(): Promise<void> {
  await expect
    .poll(async () => Number((await ctx.runtime.pool.query("select count(*) from email_outbox where status = 'pending'")).rows[0].count), {
      timeout: 15_000,
    })
    .toBe(0);
}

const confirm = (token: string) => ctx.agent().post('/api/auth/confirm-email', { token });

describe('signing up', () => {
  it('mails only the confirmation to the new address; what waited for it goes out once confirmed', async () => {
    const agent = ctx.agent();
    const res = await signUp(agent, 'ava', 'ava@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'ava', email: 'ava@example.com', emailConfirmed: false });
    const token = await confirmationToken('ava@example.com');
    const confirmation = mailsTo('ava@example.com')[0] as ParsedMail;
    expect(confirmation.text).toContain('expires in 48 hours');
    expect(confirmation.text).not.toContain('Ava Stone');

    // A report, a support request and a test mail meanwhile: the report and the support
    // confirmation wait, the test mail is refused with the reason, the support desk is told.
    await grantPro(ctx.runtime.db, 'ava');
    const me = res.json();
    const property = await createProperty(ctx.runtime.db, me.id, { name: 'Harbor View' });
    expect((await agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' })).statusCode).toBe(201);
    const support = await agent.post('/api/support/submit', {
      subject: 'Where is my report?',
      message: 'I generated one.',
      type: 'technical',
      priority: 'medium',
      userEmail: 'ava@example.com',
      userFullName: 'Ava Stone',
    });
    expect(support.statusCode).toBe(201);
    const test = await agent.post('/api/support/test-email');
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toMatch(/^Confirm your e-mail address first: open the link we sent to ava@example.com/);
    await mailbox.waitFor((m) => toAddress(m) === 'help@firemark.example.com' && m.subject?.includes('Where is my report?') === true);
    await allDelivered();
    expect(mailsTo('ava@example.com').map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);

    // Opened in another browser, not signed in: the address is confirmed all the same.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your e-mail address is confirmed.' });
    expect((await agent.get('/api/auth/me')).json().emailConfirmed).toBe(true);
    await mailbox.waitFor((m) => toAddress(m) === 'ava@example.com' && m.subject === 'Fire safety report ready: Harbor View');
    await mailbox.waitFor((m) => toAddress(m) === 'ava@example.com' && m.subject?.startsWith('We received your request') === true);
    expect((await agent.post('/api/support/test-email')).statusCode).toBe(200);
  });

  it('a link works once', async () => {
    await signUp(ctx.agent(), 'bruno', 'bruno@example.com');
    const token = await confirmationToken('bruno@example.com');
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: INVALID_LINK, fieldErrors: { token: [INVALID_LINK] } });
  });

  it('answers a made-up or missing token with a message', async () => {
    const madeUp = await confirm('made-up-token');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe(INVALID_LINK);
    const missing = await ctx.agent().post('/api/auth/confirm-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ token: ['Confirmation token is required'] });
  });
});

describe('an account that has not confirmed its address', () => {
  it('mails no property manager: the invitation waits, and goes to the manager (not the account) once confirmed', async () => {
    const agent = ctx.agent();
    const me = (await signUp(agent, 'noor', 'noor@example.com')).json();
    await grantPro(ctx.runtime.db, 'noor');
    const property = await createProperty(ctx.runtime.db, me.id, { name: 'Quay House', managerEmail: 'quay.manager@example.org' });
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: me.id, propertyId: property.id, dueDate: new Date().toISOString().slice(0, 10), inspectionType: 'fire_alarm' });
    const done = await agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Sounder dead on level 2.' });
    expect(done.statusCode).toBe(200);
    const token = await confirmationToken('noor@example.com');
    await allDelivered();
    expect(mailsTo('quay.manager@example.org')).toEqual([]);
    const held = await ctx.runtime.pool.query("select kind, to_address from email_outbox where user_id = $1 and status = 'held' order by id", [me.id]);
    expect(held.rows).toEqual([
      { kind: 'compliance_alert', to_address: 'noor@example.com' },
      { kind: 'manager_invitation', to_address: 'quay.manager@example.org' },
    ]);

    expect((await confirm(token)).statusCode).toBe(200);
    const invitation = await mailbox.waitFor((m) => toAddress(m) === 'quay.manager@example.org');
    expect(invitation.text).toContain('Quay House');
    await mailbox.waitFor((m) => toAddress(m) === 'noor@example.com' && m.subject !== CONFIRM_SUBJECT);
  });
});

describe('an address another account has confirmed', () => {
  it('is accepted at sign-up like any other; its owner is told, once an hour, and nothing is sent to confirm it', async () => {
    const { user: owner, password } = await createUser(ctx.runtime.db, { email: 'olive@example.com', fullName: 'Olive Owner' });
    const normal = await signUp(ctx.agent(), 'fresh_one', 'fresh.one@example.com');
    const intruder = ctx.agent();
    const taken = await signUp(intruder, 'intruder', 'Olive@Example.com');
    expect(taken.statusCode).toBe(normal.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(normal.json()).sort());
    expect(taken.json()).toMatchObject({ email: 'Olive@Example.com', emailConfirmed: false });
    expect((await intruder.get('/api/auth/me')).statusCode).toBe(200);
    // Again, and a resend: the answers are those of a free address.
    expect((await signUp(ctx.agent(), 'intruder2', 'olive@example.com')).statusCode).toBe(201);
    const resend = await intruder.post('/api/auth/resend-confirmation');
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ success: true, to: 'Olive@Example.com' });

    const notice = await mailbox.waitFor((m) => toAddress(m) === 'olive@example.com' && m.subject === NOTICE_SUBJECT);
    expect(notice.text).toContain('Hello Olive Owner');
    expect(notice.text).toContain('Someone tried to create a Firemark account with this address');
    expect(notice.text).toContain('Sign in: https://firemark.example.com/auth/login');
    expect(notice.text).toContain('Reset your password: https://firemark.example.com/forgot-password');
    await allDelivered();
    expect(mailsTo('olive@example.com').map((m) => m.subject)).toEqual([NOTICE_SUBJECT]);

    // The owner still signs in with the address.
    const ownerLogin = await ctx.agent().post('/api/auth/login', { username: 'OLIVE@example.com', password });
    expect(ownerLogin.json()).toMatchObject({ id: owner.id, emailConfirmed: true });
  });

  it('is accepted in Settings like any other address, and its owner is told', async () => {
    await createUser(ctx.runtime.db, { email: 'taken.in.settings@example.com', fullName: 'Tara Owner' });
    const { agent, user } = await ctx.signedIn();
    const res = await agent.put('/api/auth/profile', { fullName: 'Sam Ortiz', email: 'Taken.In.Settings@example.com', username: user.username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'Taken.In.Settings@example.com', emailConfirmed: false });
    await mailbox.waitFor((m) => toAddress(m) === 'taken.in.settings@example.com' && m.subject === NOTICE_SUBJECT);
    await allDelivered();
    expect(mailsTo('taken.in.settings@example.com', CONFIRM_SUBJECT)).toHaveLength(0);
    expect((await agent.post('/api/support/test-email')).statusCode).toBe(409);
  });

  it('of two accounts that gave one address, the first to confirm keeps it and the other is told so', async () => {
    const first = ctx.agent();
    await signUp(first, 'twin_one', 'twins@example.com');
    const firstToken = await confirmationToken('twins@example.com', 0);
    const second = ctx.agent();
    await signUp(second, 'twin_two', 'twins@example.com');
    const secondToken = await confirmationToken('twins@example.com', 1);

    expect((await confirm(secondToken)).statusCode).toBe(200);
    const late = await confirm(firstToken);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'This e-mail address belongs to another Firemark account. Sign in to that account, or give this account another address in Settings.',
    );
    expect((await first.get('/api/auth/me')).json().emailConfirmed).toBe(false);
    expect((await second.get('/api/auth/me')).json().emailConfirmed).toBe(true);
  });
});

describe('changing the address', () => {
  it('needs the new address confirmed; a link to the old one no longer confirms anything', async () => {
    const { agent, user } = await ctx.signedIn({ email: 'carla@example.com' });
    // Another spelling of the same address is not a new address.
    const recased = await agent.put('/api/auth/profile', { fullName: 'Carla Diaz', email: 'Carla@example.com', username: user.username });
    expect(recased.json()).toMatchObject({ email: 'Carla@example.com', emailConfirmed: true });

    await agent.put('/api/auth/profile', { fullName: 'Carla Diaz', email: 'carla.first@example.com', username: user.username });
    const oldToken = await confirmationToken('carla.first@example.com');
    const changed = await agent.put('/api/auth/profile', { fullName: 'Carla Diaz', email: 'carla.new@example.com', username: user.username });
    expect(changed.json()).toMatchObject({ email: 'carla.new@example.com', emailConfirmed: false });
    expect((await agent.post('/api/support/test-email')).statusCode).toBe(409);

    expect((await confirm(oldToken)).json().message).toBe(INVALID_LINK);
    expect((await confirm(await confirmationToken('carla.new@example.com'))).statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).json()).toMatchObject({ email: 'carla.new@example.com', emailConfirmed: true });
  });

  it('is refused after four confirmations in an hour, while the rest of the profile still saves', async () => {
    const { agent, user } = await ctx.signedIn();
    const save = (email: string) => agent.put('/api/auth/profile', { fullName: 'Dee Lane', email, username: user.username });
    for (const n of [1, 2, 3, 4]) expect((await save(`dee.${n}@example.com`)).statusCode).toBe(200);
    const fifth = await save('dee.5@example.com');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(fifth.json().message).toMatch(/^You have changed your e-mail address too often\. Please try again in \d+ minutes\.$/);
    expect((await save('dee.4@example.com')).statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).json().email).toBe('dee.4@example.com');
  });
});

describe('POST /api/auth/resend-confirmation', () => {
  it('sends three more links in an hour, then asks to wait; a confirmed address needs none', async () => {
    const agent = ctx.agent();
    await signUp(agent, 'resender', 'resender@example.com');
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/auth/resend-confirmation');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, to: 'resender@example.com' });
    }
    const fourth = await agent.post('/api/auth/resend-confirmation');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(
      /^You have asked for 4 confirmation links in the last hour\. Please try again in \d+ minutes, or check your spam folder for the links already sent\.$/,
    );
    await allDelivered();
    expect(mailsTo('resender@example.com', CONFIRM_SUBJECT)).toHaveLength(4);

    // Every link mailed works (the newest here), and afterwards there is nothing to resend.
    expect((await confirm(await confirmationToken('resender@example.com', 3))).statusCode).toBe(200);
    const done = await agent.post('/api/auth/resend-confirmation');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Your e-mail address is already confirmed.');
  });

  it('is 401 when signed out', async () => {
    expect((await ctx.agent().post('/api/auth/resend-confirmation')).statusCode).toBe(401);
  });
});
