import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/client';
import type { FileStore } from '../files/file-store';
import { pruneExpired } from '../modules/housekeeping/housekeeping.queries';
import { deleteOrphanFiles } from '../modules/housekeeping/orphan-files';
import { logReportMove, moveReportFilesToStore } from '../modules/reports/report-files';
import { queuePhotoReencoding, startPhotoReencoding } from './photo-reencode';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/**
 * Once a day, at a quiet hour in UTC, deletes expired sessions, spent links, old consent
 * tokens and Stripe event ids (RETENTION says how old), and the stored photos and report
 * PDFs whose record was deleted; moves into the file store the PDFs of old reports still in the
 * database (also tried at start: a store that was down then, or an undo that brought some back);
 * and queues the re-encoding of any photo not yet re-encoded (also queued at
 * start, jobs/photo-reencode.ts). One instance runs it (singleton);
 * a missed day is caught up by the next, since every delete is by age.
 */
export async function startHousekeeping(boss: PgBoss, { db, pool }: { db: Db; pool: pg.Pool }, photos: FileStore, log: FastifyBaseLogger, reportFiles: FileStore): Promise<void> {
  await startPhotoReencoding(boss, db, photos, log);
  if (!(await boss.getQueue(HOUSEKEEPING_QUEUE))) {
    await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 3 * * *');
  await boss.work(HOUSEKEEPING_QUEUE, () => runHousekeeping({ boss, db, pool, photos, reportFiles, log }, new Date()));
}

/** One day's housekeeping (the job's work, see startHousekeeping). */
export async function runHousekeeping(
  { boss, db, pool, photos, reportFiles, log }: { boss: PgBoss; db: Db; pool: pg.Pool; photos: FileStore; reportFiles: FileStore; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
  now: Date,
): Promise<void> {
  const counts = await pruneExpired(db, now);
  const orphanPhotos = await deleteOrphanFiles(db, photos, now);
  // Report PDFs whose row (and any undo that could bring it back) is gone, by the same rule.
  const orphanReportFiles = await deleteOrphanFiles(db, reportFiles, now);
  log.info({ ...counts, orphanPhotos, orphanReportFiles }, 'Housekeeping: expired records deleted');
  logReportMove(log, await moveReportFilesToStore(pool, reportFiles));
  await queuePhotoReencoding(boss);
}
