import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { newFileKey, type FileStore } from '../../files/file-store';

const BATCH = 20;

/**
 * Reports made before PDFs moved to the file store keep their bytes in the row, where every
 * copy of the row (an undo's snapshot of a deleted property) copies them too. This moves them
 * to the store, a few at a time, each row locked while its file is written so that instances
 * running it together never move one twice. Returns how many were moved.
 */
export async function moveReportFilesToStore(pool: pg.Pool, files: FileStore): Promise<number> {
  let moved = 0;
  for (;;) {
    const count = await withTransaction(pool, async (tx) => {
      const { rows } = await tx.db.execute<{ id: number; pdf: Buffer }>(sql`
        select id, pdf from reports where storage_key is null and pdf is not null
        order by id limit ${BATCH} for update skip locked`);
      for (const row of rows) {
        const key = newFileKey();
        await files.put(key, row.pdf);
        await tx.db.execute(sql`update reports set storage_key = ${key}, byte_size = ${row.pdf.byteLength}, pdf = null where id = ${row.id}`);
      }
      return rows.length;
    });
    moved += count;
    if (count < BATCH) return moved;
  }
}
