import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

// No worker runs here: a faked clock would also move its timers. Links are read from the
// outbox, where the e-mails wait.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const start = new Date('2026-03-01T09:00:00Z');
const at = (hours: number) => vi.setSystemTime(new Date(start.getTime() + hours * 60 * 60 * 1000));

async function tokensMailedTo(email: string): Promise<string[]> {
  const { rows } = await ctx.runtime.pool.query("select text_body from email_outbox where to_address = $1 and kind = 'email_confirmation' order by id", [email]);
  return rows.map((r) => /confirm-email\?token=([\w-]+)/.exec(r.text_body)![1]!);
}

async function signUp(name: string) {
  const agent = ctx.agent();
  await agent.post('/api/auth/register', { fullName: 'Ezra Hale', email: `${name}@example.com`, username: name, password: 'long-enough-pw' });
  return agent;
}

describe('confirmation link expiry', () => {
  it('a link works for 48 hours and not after; a new one can then be asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    await signUp('in_time');
    const late = await signUp('too_late');

    at(47.9);
    const [inTime] = await tokensMailedTo('in_time@example.com');
    expect((await ctx.agent().post('/api/auth/confirm-email', { token: inTime })).statusCode).toBe(200);

    at(48.01);
    const [expired] = await tokensMailedTo('too_late@example.com');
    const res = await ctx.agent().post('/api/auth/confirm-email', { token: expired });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This confirmation link is invalid or has expired.');

    expect((await late.post('/api/auth/resend-confirmation')).statusCode).toBe(200);
    const [, fresh] = await tokensMailedTo('too_late@example.com');
    expect((await ctx.agent().post('/api/auth/confirm-email', { token: fresh })).statusCode).toBe(200);
    expect((await late.get('/api/auth/me')).json().emailConfirmed).toBe(true);
  });

  it('the resend limit counts the last hour only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(100);
    const agent = await signUp('patient');
    at(100.25);
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/auth/resend-confirmation')).statusCode).toBe(200);
    const refused = await agent.post('/api/auth/resend-confirmation');
    expect(refused.statusCode).toBe(429);
    // The first link was 15 minutes ago: it leaves the hour 45 minutes from now.
    expect(refused.json().message).toContain('Please try again in 45 minutes');
    at(101.01);
    expect((await agent.post('/api/auth/resend-confirmation')).statusCode).toBe(200);
  });
});
