import { UNDO_TOKEN_HEADER } from '@shared/undo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import type { FileStores } from '../../files/file-stores';
import { sha256 } from '../../files/sha256';
import type { FileStore } from '../../files/file-store';
import type { TestS3Server } from '../../testing/s3-server';
import { startS3App, type S3App } from '../../testing/s3-app';
import type { TestContext } from '../../testing/test-app';
import { databaseBefore } from '../../testing/migration-db';
import { moveReportFilesToStore } from './report-files';
import { runHousekeeping } from '../../jobs/housekeeping';

/**
 * Reports made before PDFs lived in the file store, on an install whose migration 0033 kept
 * `reports.pdf` because rows still held bytes: start-up moves them into an S3-compatible store
 * (s3rver), checking each copy's SHA-256, and drops the column once no row keeps bytes.
 */
let s3: TestS3Server;
let ctx: TestContext;
let files: FileStores;

let app: S3App | undefined;

beforeAll(async () => {
  app = await startS3App();
  ({ s3, ctx, files } = app);
});
afterAll(() => app?.close());

const storedCount = async () => {
  let count = 0;
  for await (const _ of files.reports.list()) count++;
  return count;
};
const pdfColumn = async () =>
  (await ctx.runtime.pool.query(`select 1 from information_schema.columns where table_name = 'reports' and column_name = 'pdf'`)).rows.length > 0;

async function oldReports(count: number) {
  const { agent, user } = await ctx.signedIn();
  const property = await createProperty(ctx.runtime.db, user.id, { name: 'Old Mill' });
  const made: { id: number; bytes: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = Buffer.from(`%PDF-1.4\n% report ${i} of ${user.id}, made before the file store\n%%EOF\n`);
    const { rows } = await ctx.runtime.pool.query(
      `insert into reports (organization_id, property_id, file_name, pdf, pdf_sha256, report_number) values ($1, $2, $3, $4, $5, $6) returning id`,
      [user.id, property.id, `old-mill-${i}.pdf`, bytes, sha256(bytes), `FM-2025-${String(i + 1).padStart(6, '0')}`],
    );
    made.push({ id: rows[0].id as number, bytes });
  }
  return { agent, made, property };
}

/** A store that writes a byte other than the one it was given: what a faulty copy looks like. */
const corrupting = (store: FileStore): FileStore => ({
  ...store,
  put: (key, bytes) => {
    const bad = Buffer.from(bytes);
    bad.writeUInt8(bad.readUInt8(bad.length - 2) ^ 0xff, bad.length - 2);
    return store.put(key, bad);
  },
});

describe('moving report PDFs out of the database', () => {
  it('copies every old report into the store, checked by SHA-256, downloads it as before, then drops the column', async () => {
    // The state migration 0033 leaves where rows still held bytes.
    await ctx.runtime.pool.query('alter table reports add column if not exists pdf bytea');
    const { agent, made } = await oldReports(25);
    for (const { id, bytes } of made.slice(0, 2)) expect((await agent.get(`/api/reports/${id}/download`)).rawPayload.equals(bytes)).toBe(true);

    const result = await moveReportFilesToStore(ctx.runtime.pool, files.reports);
    expect(result).toEqual({ moved: 25, mismatched: [], columnDropped: true });
    expect(await pdfColumn()).toBe(false);
    for (const { id, bytes } of made) {
      const row = (await ctx.runtime.pool.query(`select storage_key, byte_size from reports where id = $1`, [id])).rows[0];
      expect(row.byte_size).toBe(bytes.byteLength);
      expect((await files.reports.get(row.storage_key))?.equals(bytes)).toBe(true);
      const download = await agent.get(`/api/reports/${id}/download`);
      expect(download.statusCode).toBe(200);
      expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    }
    // Run again (the next start, or another instance): nothing to do.
    expect(await moveReportFilesToStore(ctx.runtime.pool, files.reports)).toEqual({ moved: 0, mismatched: [], columnDropped: false });
  });

  it('keeps the bytes in the row of a report whose copy differs, and leaves no copy behind', async () => {
    await ctx.runtime.pool.query('alter table reports add column if not exists pdf bytea');
    const { agent, made } = await oldReports(2);
    const [first] = made;
    const storedBefore = await storedCount();

    const result = await moveReportFilesToStore(ctx.runtime.pool, corrupting(files.reports));
    expect(result).toEqual({ moved: 0, mismatched: made.map((m) => m.id), columnDropped: false });
    const row = (await ctx.runtime.pool.query(`select pdf, storage_key from reports where id = $1`, [first!.id])).rows[0];
    expect(row.storage_key).toBeNull();
    expect(row.pdf.equals(first!.bytes)).toBe(true);
    expect(await storedCount()).toBe(storedBefore);
    expect((await agent.get(`/api/reports/${first!.id}/download`)).rawPayload.equals(first!.bytes)).toBe(true);

    // The daily housekeeping, with a sound store, moves them without waiting for a restart.
    const logged: unknown[] = [];
    const log = { info: (details: unknown) => logged.push(details), error: (details: unknown) => logged.push(details) };
    await runHousekeeping({ boss: ctx.runtime.boss, db: ctx.runtime.db, pool: ctx.runtime.pool, photos: files.photos, reportFiles: files.reports, log }, new Date());
    expect(logged).toContainEqual({ moved: 2 });
    expect(await pdfColumn()).toBe(false);
    expect((await agent.get(`/api/reports/${first!.id}/download`)).rawPayload.equals(first!.bytes)).toBe(true);
  });
});

describe('undoing the deletion of a property whose reports were not moved yet', () => {
  it('brings the reports back with their bytes, and the column stays until no undo holds bytes', async () => {
    await ctx.runtime.pool.query('alter table reports add column if not exists pdf bytea');
    const { agent, made, property } = await oldReports(1);
    const [report] = made;
    const deleted = await agent.delete(`/api/properties/${property.id}`);
    expect(deleted.statusCode).toBe(200);
    const token = deleted.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string;

    // Nothing left in the rows, but the undo still holds the bytes: the column stays.
    expect(await moveReportFilesToStore(ctx.runtime.pool, files.reports)).toEqual({ moved: 0, mismatched: [], columnDropped: false });
    expect(await pdfColumn()).toBe(true);

    expect((await agent.post(`/api/undo/${token}`, {})).statusCode).toBe(200);
    const download = await agent.get(`/api/reports/${report!.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(report!.bytes)).toBe(true);

    // The next run moves them and, with no undo left holding bytes, drops the column.
    expect(await moveReportFilesToStore(ctx.runtime.pool, files.reports)).toEqual({ moved: 1, mismatched: [], columnDropped: true });
    expect((await agent.get(`/api/reports/${report!.id}/download`)).rawPayload.equals(report!.bytes)).toBe(true);
  });
});

describe('migration 0033_report_pdfs_out_of_the_database', () => {
  it('drops reports.pdf where no row keeps bytes in it, and keeps it where one does', async () => {
    const columnIn = async (pool: import('pg').Pool) =>
      (await pool.query(`select 1 from information_schema.columns where table_name = 'reports' and column_name = 'pdf'`)).rows.length > 0;
    const empty = await databaseBefore('0033_report_pdfs_out_of_the_database');
    const kept = await databaseBefore('0033_report_pdfs_out_of_the_database');
    try {
      const org = (await kept.pool.query(`insert into organizations (id, name) values (nextval(pg_get_serial_sequence('users', 'id')), 'Old Co') returning id`)).rows[0].id;
      const property = (
        await kept.pool.query(
          `insert into properties (organization_id, name, address_line1, city, state, zip, manager_email) values ($1, 'Mill', '1 Road', 'Reno', 'NV', '89501', 'm@example.com') returning id`,
          [org],
        )
      ).rows[0].id;
      await kept.pool.query(`insert into reports (organization_id, property_id, file_name, pdf) values ($1, $2, 'r.pdf', '\\x25504446'::bytea)`, [org, property]);
      await empty.migrateRest();
      await kept.migrateRest();
      expect(await columnIn(empty.pool)).toBe(false);
      expect(await columnIn(kept.pool)).toBe(true);
    } finally {
      await empty.drop();
      await kept.drop();
    }
  });
});
