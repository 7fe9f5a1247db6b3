import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../db/seed/users';
import { createTestContext, type TestContext } from '../../testing/test-app';

// No delivery worker runs here: a faked clock would also move its timers. The link is read
// from the outbox, where the e-mail waits.
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

async function resetTokenFromOutbox(email: string): Promise<string> {
  const { rows } = await ctx.runtime.pool.query('select text_body from email_outbox where to_address = $1 order by id desc limit 1', [email]);
  return /reset-password\?token=([\w-]+)/.exec(rows[0].text_body)![1]!;
}

describe('reset link expiry', () => {
  it('a link works for 15 minutes and not after', async () => {
    await createUser(ctx.runtime.db, { email: 'late@example.com' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T09:00:00Z');
    vi.setSystemTime(start);
    await ctx.agent().post('/api/auth/forgot-password', { email: 'late@example.com' });
    const token = await resetTokenFromOutbox('late@example.com');

    vi.setSystemTime(new Date(start.getTime() + 14 * 60_000));
    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${token}`)).json()).toEqual({ valid: true });
    vi.setSystemTime(new Date(start.getTime() + 15 * 60_000 + 1000));
    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${token}`)).json()).toEqual({ valid: false });
    const res = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'too-late-now' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This reset link is invalid or has expired.');
  });
});
