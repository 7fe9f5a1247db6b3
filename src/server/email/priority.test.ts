import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/users';
import { withTransaction } from '../db/transaction';
import { QUEUES } from '../queues';
import { startMailbox, toAddress, type TestMailbox } from '../testing/smtp';
import { createTestContext, type TestContext } from '../testing/test-app';
import { startEmailWorkers } from './delivery';
import { queueEmail } from './outbox';

let ctx: TestContext;
let mailbox: TestMailbox;
let stopWorkers: () => void;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ SMTP_URL: mailbox.url });
});
afterAll(async () => {
  stopWorkers?.();
  await ctx.close();
  await mailbox.close();
});

const BACKLOG = 3000;

describe('mail priorities', () => {
  it("delivers another account's password reset while one account's bulk backlog is still going out", async () => {
    const { user: flooder } = await createUser(ctx.runtime.db);
    const { user: other } = await createUser(ctx.runtime.db, { email: 'needs-a-reset@example.com' });
    // A backlog as a flood left it (written directly: today's quota would not let one account queue this much).
    const { rows } = await ctx.runtime.pool.query<{ id: number }>(
      `insert into email_outbox (user_id, kind, to_address, subject, text_body)
       select $1, 'reminder_due_date', 'flooded@example.com', 'Backlog ' || g, 'Body' from generate_series(1, ${BACKLOG}) g
       returning id`,
      [flooder.id],
    );
    await ctx.runtime.boss.insert(rows.map((r) => ({ name: QUEUES.emailDelivery, data: { outboxId: r.id } })));

    stopWorkers = await startEmailWorkers(ctx.runtime.boss, ctx.runtime.pool, ctx.config, ctx.app.log);
    await mailbox.waitFor((m) => toAddress(m) === 'flooded@example.com');
    await withTransaction(ctx.runtime.pool, (tx) =>
      queueEmail(tx, ctx.runtime.boss, { kind: 'password_reset', userId: other.id, to: other.email, subject: 'Reset your Firemark password', text: 'Link' }),
    );

    const reset = await mailbox.waitFor((m) => toAddress(m) === 'needs-a-reset@example.com');
    const bulkBefore = mailbox.messages.slice(0, mailbox.messages.indexOf(reset)).filter((m) => toAddress(m) === 'flooded@example.com');
    expect(bulkBefore.length).toBeGreaterThan(0);
    expect(bulkBefore.length).toBeLessThan(BACKLOG);
    const pending = await ctx.runtime.pool.query(`select count(*)::int as n from email_outbox where user_id = $1 and status = 'pending'`, [flooder.id]);
    expect(pending.rows[0].n).toBeGreaterThan(0);
  });
});
