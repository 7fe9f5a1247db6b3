import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/users';
import { withTransaction } from '../db/transaction';
import { createTestContext, type TestContext } from '../testing/test-app';
import type { MailKind } from './mail-kinds';
import { queueEmail } from './outbox';
import { BULK_MAILS_PER_ACCOUNT_PER_HOUR, type MailLog } from './quota';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const warnings: string[] = [];
const log: MailLog = { info: () => undefined, warn: (_details, message) => warnings.push(message) };

const send = (organizationId: number, kind: MailKind = 'test') =>
  withTransaction(ctx.runtime.pool, (tx) =>
    queueEmail(tx, ctx.runtime.boss, { kind, organizationId, to: 'someone@example.com', subject: `A ${kind} mail`, text: 'Body' }, { log }),
  );

const statusesOf = async (organizationId: number) =>
  (
    await ctx.runtime.pool.query(
      `select o.kind, o.status, count(*)::int as n, count(j.id)::int as jobs
       from email_outbox o left join pgboss.job j on j.data->>'outboxId' = o.id::text
       where o.organization_id = $1 group by o.kind, o.status order by o.kind, o.status`,
      [organizationId],
    )
  ).rows;

describe('per-organisation mail quota', () => {
  it(`sends ${BULK_MAILS_PER_ACCOUNT_PER_HOUR} bulk mails an hour; the rest, also when sent at once, are kept as suppressed with no delivery job`, async () => {
    const { user } = await createUser(ctx.runtime.db);
    const { user: neighbour } = await createUser(ctx.runtime.db);
    warnings.length = 0;
    for (let i = 0; i < BULK_MAILS_PER_ACCOUNT_PER_HOUR - 10; i++) await send(user.id);
    // The last 10 places of the hour, raced for by 30 at once (more than the pool's 10
    // connections would make the test wait on the pool, not on the quota).
    await Promise.all(Array.from({ length: 30 }, () => send(user.id)));
    expect(await statusesOf(user.id)).toEqual([
      { kind: 'test', status: 'pending', n: BULK_MAILS_PER_ACCOUNT_PER_HOUR, jobs: BULK_MAILS_PER_ACCOUNT_PER_HOUR },
      { kind: 'test', status: 'suppressed', n: 20, jobs: 0 },
    ]);
    const suppressed = await ctx.runtime.pool.query(`select distinct last_error from email_outbox where organization_id = $1 and status = 'suppressed'`, [user.id]);
    expect(suppressed.rows).toEqual([{ last_error: `Not sent: the account caused more than ${BULK_MAILS_PER_ACCOUNT_PER_HOUR} bulk mails in an hour` }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/reached its hourly mail quota/);

    // A password reset is not bulk mail; another organisation has its own quota.
    await send(user.id, 'password_reset');
    await send(neighbour.id);
    expect((await statusesOf(user.id)).find((r) => r.kind === 'password_reset')).toEqual({ kind: 'password_reset', status: 'pending', n: 1, jobs: 1 });
    expect(await statusesOf(neighbour.id)).toEqual([{ kind: 'test', status: 'pending', n: 1, jobs: 1 }]);
  });

  it('counts the last hour only: mail older than an hour leaves room again', async () => {
    const { user } = await createUser(ctx.runtime.db);
    for (let i = 0; i < BULK_MAILS_PER_ACCOUNT_PER_HOUR; i++) await send(user.id);
    await send(user.id);
    expect((await statusesOf(user.id)).map((r) => [r.status, r.n])).toEqual([['pending', BULK_MAILS_PER_ACCOUNT_PER_HOUR], ['suppressed', 1]]);
    // An hour passes.
    await ctx.runtime.pool.query(`update email_outbox set created_at = created_at - interval '61 minutes' where organization_id = $1`, [user.id]);
    await send(user.id);
    expect((await statusesOf(user.id)).map((r) => [r.status, r.n])).toEqual([['pending', BULK_MAILS_PER_ACCOUNT_PER_HOUR + 1], ['suppressed', 1]]);
  });
});
