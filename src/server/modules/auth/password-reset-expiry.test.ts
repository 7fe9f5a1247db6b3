import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../db/seed/users';
import { QUEUES } from '../../queues';
import { runQueuedJobs } from '../../testing/jobs';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { sendPasswordReset, type PasswordResetJob } from './password-reset.service';

// No worker runs here: a faked clock would also move its timers. The forgot-password job is
// worked by hand and the link read from the outbox, where the e-mail waits.
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
    const deps = { config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss };
    await runQueuedJobs<PasswordResetJob>(ctx.runtime.boss, QUEUES.passwordResetRequest, (job) => sendPasswordReset(deps, job.email));
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
