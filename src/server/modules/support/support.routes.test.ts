import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmailWorkers } from '../../email/delivery';
import { startMailbox, toAddress, type TestMailbox } from '../../testing/smtp';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { createMember } from '../../db/seed/users';

let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ SMTP_URL: mailbox.url, SUPPORT_EMAIL: 'help@firemark.example.com' });
  stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
});
afterAll(async () => {
  stopWorkers();
  await ctx.close();
  await mailbox.close();
});

const request = {
  subject: 'Sprinkler report will not download',
  message: 'The report for Harbor View stops at 90%.\nI tried twice.',
  type: 'technical',
  priority: 'high',
  userEmail: 'ops@harbor.example',
  userFullName: 'Casey Morgan',
};

describe('POST /api/support/submit', () => {
  it('records the request, confirms it to the person and tells the support desk', async () => {
    const { agent, user } = await ctx.signedIn();
    const res = await agent.post('/api/support/submit', request);
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({ ...request, status: 'open', emailSent: false, responseMessage: null, resolvedAt: null });

    // The confirmation goes to the account's own address, whatever address was typed.
    const confirmation = await mailbox.waitFor((m) => toAddress(m) === user.email);
    expect(confirmation.subject).toBe(`We received your request #${saved.id}: Sprinkler report will not download`);
    expect(confirmation.text).toContain('Hello Casey Morgan');
    expect(confirmation.text).toContain('we will respond within 1 business day');
    expect(confirmation.text).toContain('The report for Harbor View stops at 90%.\nI tried twice.');

    const notification = await mailbox.waitFor((m) => toAddress(m) === 'help@firemark.example.com' && m.subject!.includes(`#${saved.id}`));
    expect(notification.subject).toBe(`[Support #${saved.id}] [high] Sprinkler report will not download`);
    expect(notification.text).toContain(`Casey Morgan <ops@harbor.example>, account "${user.username}" <${user.email}>`);
    expect(notification.text).toContain("Answer to ops@harbor.example, the address given with the request (not the account's).");
    expect(notification.text).toContain('Type: Technical problem. Priority: high.');
    expect(mailbox.messages.some((m) => toAddress(m) === 'ops@harbor.example')).toBe(false);

    // Once the confirmation is delivered, the request says so.
    await expect
      .poll(async () => (await agent.get('/api/support/requests')).json()[0].emailSent)
      .toBe(true);
  });

  it('defaults type and priority, and names every field that is wrong', async () => {
    const { agent } = await ctx.signedIn();
    const minimal = await agent.post('/api/support/submit', { subject: 'Question', message: 'How do reminders work?', userEmail: 'a@example.com' });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ type: 'general', priority: 'medium', userFullName: null });

    const bad = await agent.post('/api/support/submit', { subject: ' ', message: '', userEmail: 'nope', priority: 'asap', type: 'rant' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      subject: ['Subject is required'],
      message: ['Message is required'],
      userEmail: ['Invalid email address'],
      priority: ['Priority must be one of low, medium, high, urgent'],
      type: ['Choose what the request is about'],
    });
    const long = await agent.post('/api/support/submit', { ...request, subject: 'x'.repeat(201), message: 'y'.repeat(5001) });
    expect(long.json().fieldErrors).toEqual({
      subject: ['Subject must be at most 200 characters'],
      message: ['Message must be at most 5000 characters'],
    });
  });

  it('needs a signed-in account', async () => {
    expect((await ctx.agent().post('/api/support/submit', request)).statusCode).toBe(401);
    expect((await ctx.agent().get('/api/support/requests')).statusCode).toBe(401);
    expect((await ctx.agent().post('/api/support/test-email')).statusCode).toBe(401);
  });

  it('lets one account send five requests in ten minutes, then asks it to wait', async () => {
    const { agent, user } = await ctx.signedIn();
    for (let i = 0; i < 5; i++) expect((await agent.post('/api/support/submit', request)).statusCode).toBe(201);
    const sixth = await agent.post('/api/support/submit', request);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    // Another account is not held back by it, nor is another member of the same organisation.
    const other = await ctx.signedIn();
    expect((await other.agent.post('/api/support/submit', request)).statusCode).toBe(201);
    const colleague = await createMember(ctx.runtime.db, { organizationId: user.id, role: 'manager' });
    const colleagueAgent = ctx.agent();
    expect((await colleagueAgent.post('/api/auth/login', { username: colleague.user.username, password: colleague.password })).statusCode).toBe(200);
    expect((await colleagueAgent.post(`/api/organizations/${user.id}/switch`)).statusCode).toBe(200);
    expect((await colleagueAgent.post('/api/support/submit', request)).statusCode).toBe(201);
  });
});

describe('GET /api/support/requests', () => {
  it("lists the account's own requests, newest first, a page at a time", async () => {
    const { agent } = await ctx.signedIn();
    for (const subject of ['First', 'Second', 'Third']) {
      await agent.post('/api/support/submit', { ...request, subject });
    }
    const someoneElse = await ctx.signedIn();
    await someoneElse.agent.post('/api/support/submit', { ...request, subject: 'Not yours' });

    const all = await agent.get('/api/support/requests');
    expect(all.json().map((r: { subject: string }) => r.subject)).toEqual(['Third', 'Second', 'First']);
    expect(all.headers['x-total-count']).toBe('3');
    const page = await agent.get('/api/support/requests?limit=1&offset=1');
    expect(page.json().map((r: { subject: string }) => r.subject)).toEqual(['Second']);
    expect((await agent.get('/api/support/requests?limit=0')).json().fieldErrors).toEqual({ limit: ['Limit must be at least 1'] });
  });
});

describe('GET /api/support/contact', () => {
  it("answers the operator's support address", async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/support/contact')).json()).toEqual({ email: 'help@firemark.example.com' });
    expect((await ctx.agent().get('/api/support/contact')).statusCode).toBe(401);
  });
});

describe('POST /api/support/test-email', () => {
  it("sends a test e-mail to the account's own address", async () => {
    const { agent, user } = await ctx.signedIn();
    const res = await agent.post('/api/support/test-email');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, to: user.email });
    const mail = await mailbox.waitFor((m) => toAddress(m) === user.email);
    expect(mail.subject).toBe('Firemark test e-mail');
  });

  it('asks an account to confirm its address first, and writes no mail', async () => {
    const { agent, user } = await ctx.signedIn({ confirmed: false });
    const res = await agent.post('/api/support/test-email');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: `Confirm your e-mail address first: open the link we sent to ${user.email}, or choose Resend link at the top of the page. Until then Firemark sends it nothing else.`,
    });
    expect((await ctx.runtime.pool.query("select 1 from email_outbox where user_id = $1 and kind = 'test'", [user.id])).rowCount).toBe(0);
  });
});
