import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../db/transaction';
import { startMailbox, type TestMailbox } from '../testing/smtp';
import { createTestContext, type TestContext } from '../testing/test-app';
import { deliverEmail, startEmailWorkers } from './delivery';
import { queueEmail } from './outbox';
import { createSmtpTransport } from './transport';

let ctx: TestContext;
let mailbox: TestMailbox;

beforeAll(async () => {
  ctx = await createTestContext();
  mailbox = await startMailbox();
});
afterAll(async () => {
  await ctx.close();
  await mailbox.close();
});

const outboxRow = async (id: number) =>
  (await ctx.runtime.pool.query('select status, attempts, last_error from email_outbox where id = $1', [id])).rows[0];

async function queue(subject: string): Promise<number> {
  return withTransaction(ctx.runtime.pool, (tx) =>
    queueEmail(tx, ctx.runtime.boss, { kind: 'test', to: 'owner@example.com', cc: ['manager@example.com'], subject, text: 'Body' }),
  );
}

describe('e-mail delivery', () => {
  it('keeps a mail whose server is down, delivers it later, and never twice', async () => {
    const id = await queue('Kept safe');
    const down = createSmtpTransport('smtp://127.0.0.1:9'); // nothing listens on the discard port
    await expect(deliverEmail(ctx.runtime.pool, down, ctx.config, ctx.app.log, id)).rejects.toThrow();
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outboxRow(id)).last_error).toBeTruthy();

    const up = createSmtpTransport(mailbox.url);
    await deliverEmail(ctx.runtime.pool, up, ctx.config, ctx.app.log, id);
    await deliverEmail(ctx.runtime.pool, up, ctx.config, ctx.app.log, id); // a retried job
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const received = mailbox.messages.filter((m) => m.subject === 'Kept safe');
    expect(received).toHaveLength(1);
    expect(received[0]!.cc).toBeDefined();
  });

  it('writes no mail when the change that caused it rolls back', async () => {
    await expect(
      withTransaction(ctx.runtime.pool, async (tx) => {
        await queueEmail(tx, ctx.runtime.boss, { kind: 'test', to: 'x@example.com', subject: 'Rolled back', text: 'Body' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.runtime.pool.query("select 1 from email_outbox where subject = 'Rolled back'");
    expect(rows.rowCount).toBe(0);
    const jobs = await ctx.runtime.pool.query("select 1 from pgboss.job where name = 'email-delivery' and data->>'outboxId' is null");
    expect(jobs.rowCount).toBe(0);
  });

  it('without SMTP_URL, marks the mail as logged instead of sending it', async () => {
    const id = await queue('Logged only');
    await deliverEmail(ctx.runtime.pool, null, ctx.config, ctx.app.log, id);
    expect(await outboxRow(id)).toMatchObject({ status: 'logged' });
  });

  it('a mail the server refuses waits for its retry; the mails beside it are delivered', async () => {
    const refusing = await startMailbox({ rejectRecipients: ['gone@example.com'] });
    const app = await createTestContext({ SMTP_URL: refusing.url });
    const stop = await startEmailWorkers(app.runtime.boss, app.runtime.pool, app.config, app.app.log);
    try {
      const send = (to: string, subject: string) =>
        withTransaction(app.runtime.pool, (tx) => queueEmail(tx, app.runtime.boss, { kind: 'test', to, subject, text: 'Body' }));
      await send('first@example.com', 'First');
      const refused = await send('gone@example.com', 'Refused');
      await send('third@example.com', 'Third');
      await refusing.waitFor((m) => m.subject === 'First');
      await refusing.waitFor((m) => m.subject === 'Third');
      // The outbox row is updated before pg-boss fails the job, so both are awaited.
      await expect
        .poll(async () => {
          const row = (await app.runtime.pool.query('select status, attempts from email_outbox where id = $1', [refused])).rows[0];
          const job = await app.runtime.pool.query("select state from pgboss.job where name = 'email-delivery' and data->>'outboxId' = $1", [String(refused)]);
          return { ...row, job: job.rows[0]?.state };
        })
        .toEqual({ status: 'pending', attempts: 1, job: 'retry' });
    } finally {
      stop();
      await app.close();
      await refusing.close();
    }
  });
});
