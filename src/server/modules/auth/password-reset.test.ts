import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmailWorkers } from '../../email/delivery';
import { createUser } from '../../db/seed/users';
import { startPasswordResetWorker } from '../../jobs/password-reset-request';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ SMTP_URL: mailbox.url, APP_URL: 'https://firemark.example.com' });
  stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
  await startPasswordResetWorker(ctx.runtime.boss, { config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss }, ctx.app.log);
});
afterAll(async () => {
  stopWorkers();
  await ctx.close();
  await mailbox.close();
});

/** Asks for a reset link and reads it from the e-mail the SMTP server received. */
async function requestResetLink(email: string): Promise<string> {
  const before = mailbox.messages.length;
  const res = await ctx.agent().post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await mailbox.waitFor((m) => toAddress(m) === email && mailbox.messages.indexOf(m) >= before);
  const link = /https:\/\/firemark\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(link, 'the e-mail carries a reset link on APP_URL').not.toBeNull();
  return link![1]!;
}

describe('forgot and reset password', () => {
  it('mails a working link; the token works once, and every session of the account ends', async () => {
    const { user, password } = await createUser(ctx.runtime.db, { email: 'dana@example.com', fullName: 'Dana Wu' });
    const signedInElsewhere = ctx.agent();
    await signedInElsewhere.post('/api/auth/login', { username: user.username, password });

    const token = await requestResetLink('dana@example.com');
    const mail = mailbox.messages.find((m) => toAddress(m) === 'dana@example.com')!;
    expect(mail.subject).toBe('Reset your Firemark password');
    expect(mail.text).toContain('Hello Dana Wu');
    expect(mail.text).toContain('expires in 15 minutes');

    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${token}`)).json()).toEqual({ valid: true });
    const reset = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'fresh-pass' });
    expect(reset.statusCode).toBe(200);

    expect((await signedInElsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await ctx.agent().post('/api/auth/login', { username: user.username, password: 'fresh-pass' })).statusCode).toBe(200);
    expect((await ctx.agent().post('/api/auth/login', { username: user.username, password })).statusCode).toBe(401);

    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${token}`)).json()).toEqual({ valid: false });
    const again = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired.');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await createUser(ctx.runtime.db, { email: 'known@example.com' });
    const known = await ctx.agent().post('/api/auth/forgot-password', { email: 'known@example.com' });
    const unknown = await ctx.agent().post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await mailbox.waitFor((m) => toAddress(m) === 'known@example.com');
    const outbox = await ctx.runtime.pool.query('select to_address from email_outbox');
    expect(outbox.rows.map((r) => r.to_address)).not.toContain('ghost@example.com');
  });

  it('a newer link replaces an older one', async () => {
    await createUser(ctx.runtime.db, { email: 'twice@example.com' });
    const first = await requestResetLink('twice@example.com');
    const second = await requestResetLink('twice@example.com');
    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${first}`)).json()).toEqual({ valid: false });
    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${second}`)).json()).toEqual({ valid: true });
  });

  it("answers SPEC's messages for bad input", async () => {
    const forgot = await ctx.agent().post('/api/auth/forgot-password', { email: 'nope' });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().fieldErrors).toEqual({ email: ['Please enter a valid email address'] });
    const reset = await ctx.agent().post('/api/auth/reset-password', { token: 'abc', newPassword: '123' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().fieldErrors).toEqual({ newPassword: ['Password must be at least 8 characters long'] });
    // The sign-up rule: seven characters are refused here too.
    const seven = await ctx.agent().post('/api/auth/reset-password', { token: 'abc', newPassword: 'abcdefg' });
    expect(seven.json().fieldErrors).toEqual({ newPassword: ['Password must be at least 8 characters long'] });
    expect((await ctx.agent().get('/api/auth/validate-reset-token/made-up')).json()).toEqual({ valid: false });
  });
});
