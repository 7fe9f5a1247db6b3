import type PgBoss from 'pg-boss';

/**
 * Works the jobs waiting in a queue once, as its worker would, for tests that run without
 * workers (RUN_WORKERS=false) and want to see the state before and after. Returns how many.
 */
export async function runQueuedJobs<T extends object>(boss: PgBoss, queue: string, work: (data: T) => Promise<void>): Promise<number> {
  const jobs = await boss.fetch<T>(queue, { batchSize: 100 });
  for (const job of jobs) {
    await work(job.data);
    await boss.complete(queue, job.id);
  }
  return jobs.length;
}
