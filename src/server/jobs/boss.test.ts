import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '../db/client';
import { createTestContext, type TestContext } from '../testing/test-app';
import { startBoss } from './boss';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

it('a job still running when shutdown stops waiting for it ends without taking the process down', async () => {
  const pool = createPool(ctx.config.databaseUrl!);
  const boss = await startBoss(pool, { background: false });
  const queue = 'shutdown-outlived';
  await boss.createQueue(queue, { name: queue, retryLimit: 1 });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      await held;
    });
    const id = await boss.send(queue, {});
    await running;

    // The shutdown of runtime.ts, with a wait shorter than the job.
    await boss.stop({ graceful: true, wait: true, timeout: 1_000 });
    await pool.end();
    finish();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(unhandled).toEqual([]);
    // Shutdown marked it failed, so it will be tried again.
    const { rows } = await ctx.runtime.pool.query(`select state, output from pgboss.job where id = $1`, [id]);
    expect(rows[0].state).toBe('retry');
    expect(JSON.stringify(rows[0].output)).toContain('shut down while active');
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
