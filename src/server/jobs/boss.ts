import PgBoss from 'pg-boss';
import type pg from 'pg';
import { QUEUES } from '../queues';


export interface BossOptions {
  /** Run maintenance and cron schedules in this process (off in most tests). */
  background: boolean;
}

/**
 * pg-boss on the app's own pool: jobs live in the same PostgreSQL, so a job can be written in
 * the transaction of the change that causes it, and any number of app instances share them.
 */
export async function startBoss(pool: pg.Pool, options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    db: {
      // pg-boss records a job's completion or failure without waiting for it. A job still
      // running when shutdown stopped waiting for it was marked failed then (so it is retried);
      // its late record would reject on the ended pool with nothing to catch it, and end the
      // process. So once the pool is ending, such a write is never made: its promise stays
      // pending, which nothing waits on and which does not keep the process alive.
      executeSql: (text: string, values?: unknown[]) => (pool.ending ? new Promise<never>(() => undefined) : pool.query(text, values as unknown[])),
    },
    schema: 'pgboss',
    supervise: options.background,
    schedule: options.background,
    migrate: true,
  });
  boss.on('error', () => undefined); // surfaced through the job's own failure handling
  await boss.start();
  await ensureQueue(boss, QUEUES.emailDeliveryFailed, { retentionDays: 30 });
  for (const name of [QUEUES.emailPriority, QUEUES.emailDelivery]) {
    await ensureQueue(boss, name, {
      // About a day of retries: 15 s doubling, capped by pg-boss at retryDelayMax.
      retryLimit: 12,
      retryDelay: 15,
      retryBackoff: true,
      deadLetter: QUEUES.emailDeliveryFailed,
      retentionDays: 7,
    });
  }
  await ensureQueue(boss, QUEUES.passwordResetRequest, { retryLimit: 3, retryDelay: 5, retryBackoff: true });
  return boss;
}

async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...options });
}
