import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { VerificationSnapshot } from '@shared/schemas/verification';
import { properties } from './properties';
import { organizations } from './organizations';

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reportType: text('report_type').notNull().default('fire_safety'),
    generatedDate: timestamp('generated_date', { withTimezone: true }).notNull().defaultNow(),
    downloadUrl: text('download_url'),
    fileName: text('file_name').notNull(),
    // `pdf` (bytea), the PDF of reports made before files moved to the file store, is gone:
    // migration 0033 drops it where empty, start-up moves any bytes left and then drops it
    // (modules/reports/report-files.ts); legacyReportBytes() reads it meanwhile.
    /** Where the PDF as generated lives in the file store: a report is a record of that moment. */
    storageKey: text('storage_key'),
    byteSize: integer('byte_size'),
    /** FM-<year>-<6 digits>, counted per account, printed on every page; null on reports made before numbering. */
    reportNumber: text('report_number'),
    /** The public verification link's id (128 random bits), not the row id. */
    verifyId: text('verify_id'),
    /** Hex SHA-256 of the PDF as generated, shown on the verification page. */
    pdfSha256: text('pdf_sha256'),
    /** What the verification page shows, as it was when the report was made. */
    verifySnapshot: jsonb('verify_snapshot').$type<VerificationSnapshot>(),
    verifyRevokedAt: timestamp('verify_revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_org_generated_idx').on(t.organizationId, sql`${t.generatedDate} desc`),
    index('reports_property_idx').on(t.propertyId),
    uniqueIndex('reports_org_report_number_key').on(t.organizationId, t.reportNumber),
    uniqueIndex('reports_storage_key_key').on(t.storageKey),
    uniqueIndex('reports_verify_id_key').on(t.verifyId),
  ],
);

/**
 * The last report number given out to each account in each year. Counted per account so
 * that two reports reveal nothing of how many others exist. Taken with one upsert, which
 * locks the row for that statement only, so concurrent generations never share a number.
 */
export const reportNumberCounters = pgTable(
  'account_report_counters',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);
