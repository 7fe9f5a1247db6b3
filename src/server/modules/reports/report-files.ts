import { sha256 } from '../../files/sha256';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { newFileKey, type FileStore } from '../../files/file-store';

const BATCH = 20;
/** PostgreSQL's "undefined_column": `reports.pdf` is dropped once every report has moved. */
const UNDEFINED_COLUMN = '42703';


/**
 * The bytes of a report made before PDFs moved to the file store, while they are still in its
 * row; undefined once moved or when the column is gone. Plain SQL: the column is no longer in
 * the schema (migration 0033 drops it once empty).
 */
export async function legacyReportBytes(pool: pg.Pool, id: number): Promise<Buffer | undefined> {
  try {
    const { rows } = await pool.query<{ pdf: Buffer | null }>('select pdf from reports where id = $1', [id]);
    return rows[0]?.pdf ?? undefined;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_COLUMN) return undefined;
    throw error;
  }
}

export interface ReportMove {
  /** Reports whose bytes are now in the store, checked, and gone from their row. */
  moved: number;
  /** Reports whose copy read back from the store differed: their rows keep their bytes. */
  mismatched: number[];
  /** Whether `reports.pdf` was dropped (no row keeps bytes there any more). */
  columnDropped: boolean;
}

async function hasPdfColumn(db: { query(text: string): Promise<pg.QueryResult> }): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'reports' and column_name = 'pdf'`,
  );
  return rows.length > 0;
}

/**
 * Moves the PDFs of reports made before the file store out of their rows, at start-up after
 * the migrations (docs/decisions/035-object-storage.md). Each one is written to the store,
 * read back and compared by SHA-256 with the bytes in the row before the row lets go of them;
 * a copy that differs is deleted and the row keeps its bytes (tried again by the daily
 * housekeeping, jobs/housekeeping.ts). Rows are locked a few at a time with SKIP LOCKED, so instances starting together
 * never move one twice. When no row keeps bytes, the column is dropped: migration 0033 drops
 * it where it was already empty, this where it emptied later. Safe to run any number of times.
 */
export async function moveReportFilesToStore(pool: pg.Pool, files: FileStore): Promise<ReportMove> {
  const result: ReportMove = { moved: 0, mismatched: [], columnDropped: false };
  if (!(await hasPdfColumn(pool))) return result;
  let after = 0;
  for (;;) {
    const batch = await withTransaction(pool, async (tx) => {
      let moved = 0;
      const mismatched: number[] = [];
      const { rows } = await tx.executeSql(
        `select id, pdf from reports where storage_key is null and pdf is not null and id > $1 order by id limit ${BATCH} for update skip locked`,
        [after],
      );
      for (const row of rows as { id: number; pdf: Buffer }[]) {
        after = row.id;
        const key = newFileKey();
        await files.put(key, row.pdf);
        const copy = await files.get(key);
        if (!copy || sha256(copy) !== sha256(row.pdf)) {
          // Never clear bytes whose copy is not the same file.
          await files.delete(key).catch(() => undefined);
          mismatched.push(row.id);
          continue;
        }
        await tx.executeSql('update reports set storage_key = $1, byte_size = $2, pdf = null where id = $3', [key, row.pdf.byteLength, row.id]);
        moved++;
      }
      return { count: rows.length, moved, mismatched };
    });
    // Counted once committed: a batch that failed moved nothing (its copies go with the daily sweep).
    result.moved += batch.moved;
    result.mismatched.push(...batch.mismatched);
    if (batch.count < BATCH) break;
  }
  result.columnDropped = await dropPdfColumnOnceEmpty(pool);
  return result;
}

/**
 * Drops `reports.pdf` once no row keeps bytes there and no undo that can still be used holds a
 * report with bytes (undoing a property's deletion puts them back, to be moved at the next run).
 * Checked and dropped under a lock on reports, so no restore slips in between.
 */
async function dropPdfColumnOnceEmpty(pool: pg.Pool): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    await tx.executeSql('lock table reports in access exclusive mode');
    if (!(await hasPdfColumn({ query: (text) => tx.executeSql(text) }))) return false;
    const { rows } = await tx.executeSql(
      `select 1 from reports where pdf is not null
       union all
       select 1 from undo_actions u
       where u.used_at is null and u.expires_at > now()
         and exists (select 1 from jsonb_array_elements(coalesce(u.before->'reports', '[]'::jsonb)) r where r->>'pdf' is not null)
       limit 1`,
    );
    if (rows.length > 0) return false;
    await tx.executeSql('alter table reports drop column if exists pdf');
    return true;
  });
}

/** What a move did, in the log: nothing when there was nothing to do. */
export function logReportMove(log: Pick<FastifyBaseLogger, 'info' | 'error'>, { moved, mismatched }: ReportMove): void {
  if (moved > 0) log.info({ moved }, 'Report PDFs moved from the database to the file store');
  if (mismatched.length > 0) log.error({ reportIds: mismatched }, 'Report PDFs whose copy in the file store differed were kept in the database; the daily housekeeping tries again');
}
