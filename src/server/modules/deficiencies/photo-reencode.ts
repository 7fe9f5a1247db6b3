import type { Db } from '../../db/client';
import * as q from './deficiencies.queries';
import { encodePhoto } from './photo-encode';
import type { FileStore } from '../../files/file-store';

/** Photos per transaction: their rows stay locked while they are decoded, a second or so each at most. */
export const REENCODE_BATCH = 5;

export interface ReencodeResult {
  reencoded: number;
  quarantined: number;
  /** Photos whose file the store did not have: left as they are, for the next run. */
  missing: number;
}

/**
 * Runs the photos stored before uploads were re-encoded (reencoded_at null) through the same
 * codec as an upload (decision 024). A photo that decodes is written back under its own key
 * (the store's put replaces a file whole, so a reader gets the old bytes or the new); keeping
 * the key keeps valid every undo snapshot that names it. One that does not decode is
 * quarantined: kept, never served and never embedded in a report. One whose file the store
 * does not have is left for the next run, not quarantined: a store set up wrongly for a while
 * (another bucket, prefix or DATA_DIR) must not condemn every old photo. Safe with several
 * instances at once: each takes rows the others have not locked.
 */
export async function reencodeStoredPhotos(deps: { db: Db; photos: FileStore }, batch = REENCODE_BATCH): Promise<ReencodeResult> {
  const result: ReencodeResult = { reencoded: 0, quarantined: 0, missing: 0 };
  // Past the photos already seen in this run: those left for later are not taken again.
  let after = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const rows = await q.lockPhotosToReencode(tx, batch, after);
      for (const row of rows) {
        after = row.id;
        const bytes = await deps.photos.get(row.storage_key);
        if (!bytes) {
          result.missing++;
          continue;
        }
        const photo = await encodePhoto(bytes);
        if (!photo.ok) {
          await q.quarantinePhoto(tx, row.id, `${photo.reason}: ${photo.detail}`.slice(0, 500));
          result.quarantined++;
          continue;
        }
        await deps.photos.put(row.storage_key, photo.bytes);
        await q.markReencoded(tx, row.id, { contentType: photo.contentType, byteSize: photo.bytes.length });
        result.reencoded++;
      }
      return rows.length;
    });
    // Fewer than a batch: none left, or the rest are another instance's to do.
    if (taken < batch) return result;
  }
}
