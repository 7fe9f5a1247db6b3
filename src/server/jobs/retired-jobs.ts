import type PgBoss from 'pg-boss';

/**
 * The hourly compliance refresh is gone (decision 013: property status is computed when read),
 * but a database that ran it still holds its cron schedule, which would keep queueing jobs that
 * nothing works. Removing it is idempotent, so every instance may do it at start.
 */
export async function retireComplianceRefresh(boss: PgBoss): Promise<void> {
  const name = 'compliance-refresh';
  if (!(await boss.getQueue(name))) return;
  await boss.unschedule(name);
  await boss.deleteQueue(name);
}
