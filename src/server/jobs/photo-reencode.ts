import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { reencodeStoredPhotos } from '../modules/deficiencies/photo-reencode';
import type { FileStore } from '../files/file-store';
import { QUEUES } from '../queues';

/**
 * The photos stored before uploads were re-encoded are re-encoded (or quarantined) by a job
 * queued at every start and by the daily housekeeping. "stately": at most one queued and one
 * running, however many instances queue it; the rows themselves are shared out by
 * `for update skip locked`, so even two runs at once do each photo once.
 */
export async function startPhotoReencoding(boss: PgBoss, db: Db, photos: FileStore, log: FastifyBaseLogger): Promise<void> {
  const name = QUEUES.photoReencode;
  if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'stately', retryLimit: 3, retryDelay: 60 });
  await boss.work(name, async () => {
    const done = await reencodeStoredPhotos({ db, photos });
    if (done.reencoded || done.quarantined) log.info(done, 'Stored photos re-encoded; those that did not decode were quarantined');
    if (done.missing) log.warn({ missing: done.missing }, 'Stored photos not found in the file store were left for the next run: check that every process has the same FILE_STORE and bucket');
  });
  await queuePhotoReencoding(boss);
}

export const queuePhotoReencoding = (boss: PgBoss) => boss.send(QUEUES.photoReencode, {});
