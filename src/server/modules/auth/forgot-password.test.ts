import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { QUEUES } from '../../queues';
import { runQueuedJobs } from '../../testing/jobs';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { RESET_MAILS_PER_ADDRESS_PER_HOUR, sendPasswordReset, type PasswordResetJob } from './password-reset.service';

// No worker runs here (RUN_WORKERS=false), so the state between the answer and the job shows.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const deps = () => ({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
const runResetJobs = () =>
  runQueuedJobs<PasswordResetJob>(ctx.runtime.boss, QUEUES.passwordResetRequest, (job) => sendPasswordReset(deps(), job.email));

const resetTokensOf = async (userId: number) =>
  Number((await ctx.runtime.pool.query('select count(*) from password_reset_tokens where user_id = $1', [userId])).rows[0].count);

async function resetLinkMailedTo(userId: number): Promise<string> {
  const { rows } = await ctx.runtime.pool.query(
    "select text_body from email_outbox where user_id = $1 and kind = 'password_reset' order by id desc limit 1",
    [userId],
  );
  return /reset-password\?token=([\w-]+)/.exec(rows[0].text_body)![1]!;
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the address has an account, and leaves the lookup to a job', async () => {
    const { user } = await createUser(ctx.runtime.db, { email: 'queued@example.com' });
    const known = await ctx.agent().post('/api/auth/forgot-password', { email: 'queued@example.com' });
    const unknown = await ctx.agent().post('/api/auth/forgot-password', { email: 'nobody-queued@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);

    // Answered before any lookup: no token and no mail yet, two requests waiting alike.
    expect(await resetTokensOf(user.id)).toBe(0);
    expect((await ctx.runtime.pool.query("select 1 from email_outbox where kind = 'password_reset'")).rowCount).toBe(0);
    const waiting = await ctx.runtime.pool.query("select data->>'email' as email from pgboss.job where name = $1 and state = 'created' order by data->>'email'", [
      QUEUES.passwordResetRequest,
    ]);
    expect(waiting.rows.map((r) => r.email)).toEqual(['nobody-queued@example.com', 'queued@example.com']);

    expect(await runResetJobs()).toBe(2);
    expect(await resetTokensOf(user.id)).toBe(1);
    const mailed = await ctx.runtime.pool.query("select to_address, status from email_outbox where kind = 'password_reset'");
    expect(mailed.rows).toEqual([{ to_address: 'queued@example.com', status: 'pending' }]);
  });

  it('mails the account that confirmed the address, not a newer one that only typed it', async () => {
    const { user: owner } = await createUser(ctx.runtime.db, { email: 'owner.reset@example.com' });
    const { user: typedIt } = await createUser(ctx.runtime.db, { email: 'Owner.Reset@example.com', confirmed: false });
    await ctx.agent().post('/api/auth/forgot-password', { email: 'owner.reset@example.com' });
    await runResetJobs();
    expect(await resetTokensOf(owner.id)).toBe(1);
    expect(await resetTokensOf(typedIt.id)).toBe(0);
  });

  it('without a confirmed owner, mails the newest account with the address; using the link confirms it', async () => {
    const { user: older } = await createUser(ctx.runtime.db, { email: 'shared.reset@example.com', confirmed: false });
    const { user: newer } = await createUser(ctx.runtime.db, { email: 'shared.reset@example.com', confirmed: false });
    // A report mail the newer account was sent meanwhile waits for its address.
    await withTransaction(ctx.runtime.pool, (tx) =>
      queueEmail(tx, ctx.runtime.boss, { kind: 'report_ready', userId: newer.id, to: newer.email, subject: 'Your report is ready', text: 'Body' }),
    );
    await ctx.agent().post('/api/auth/forgot-password', { email: 'shared.reset@example.com' });
    await runResetJobs();
    expect(await resetTokensOf(older.id)).toBe(0);

    const token = await resetLinkMailedTo(newer.id);
    expect((await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'a-new-password' })).statusCode).toBe(200);
    const signedIn = ctx.agent();
    const me = await signedIn.post('/api/auth/login', { username: 'shared.reset@example.com', password: 'a-new-password' });
    expect(me.json()).toMatchObject({ id: newer.id, emailConfirmed: true });
    const report = await ctx.runtime.pool.query("select id, status from email_outbox where user_id = $1 and kind = 'report_ready'", [newer.id]);
    expect(report.rows[0].status).toBe('pending');
    const job = await ctx.runtime.pool.query("select 1 from pgboss.job where name = 'email-delivery' and data->>'outboxId' = $1", [String(report.rows[0].id)]);
    expect(job.rowCount).toBe(1);
  });

  it(`mails one address at most ${RESET_MAILS_PER_ADDRESS_PER_HOUR} times an hour, and answers every request alike`, async () => {
    const { user } = await createUser(ctx.runtime.db, { email: 'flooded@example.com' });
    // From 12 clients, so the per-client limit does not answer first.
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.agent().request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'Flooded@example.com' }, remoteAddress: `198.51.100.${i + 1}` });
      answers.push({ status: res.statusCode, body: res.body });
    }
    const unknown = await ctx.agent().request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody-flooded@example.com' }, remoteAddress: '198.51.100.99' });
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: unknown.statusCode, body: unknown.body })]));
    expect(unknown.statusCode).toBe(200);

    await runResetJobs();
    const mailed = await ctx.runtime.pool.query("select count(*)::int as n from email_outbox where user_id = $1 and kind = 'password_reset'", [user.id]);
    expect(mailed.rows[0].n).toBe(RESET_MAILS_PER_ADDRESS_PER_HOUR);
    // The last link mailed is the one that works.
    expect((await ctx.agent().get(`/api/auth/validate-reset-token/${await resetLinkMailedTo(user.id)}`)).json()).toEqual({ valid: true });
  });
});
