import type { DbOrTx } from '../../db/client';
import type { FileStore } from '../../files/file-store';
import { keysInUse } from './orphan-files.queries';

/**
 * A stored photo younger than this is left alone even without a row: an upload writes the
 * bytes first and its row a moment later.
 */
const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes the bytes of photos whose record is gone. Deleting a property, an inspection, a
 * deficiency or an account removes the photo rows with it (foreign keys cascade), and the
 * bytes must not outlive them: they are pictures of someone's building.
 */
export async function deleteOrphanFiles(db: DbOrTx, photos: FileStore, now: Date): Promise<number> {
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const inUse = await keysInUse(db, batch, now);
    for (const key of batch) {
      if (inUse.has(key)) continue;
      await photos.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const { key, storedAt } of photos.list()) {
    if (now.getTime() - storedAt.getTime() < UPLOAD_GRACE_MS) continue;
    batch.push(key);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  return deleted;
}
