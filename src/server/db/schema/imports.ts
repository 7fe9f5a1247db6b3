import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { csvImportStatus } from './enums';
import { organizations } from './organizations';

export const csvImports = pgTable(
  'csv_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    totalRows: integer('total_rows').notNull(),
    importedCount: integer('imported_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    status: csvImportStatus('status').notNull().default('pending'),
    errorDetails: jsonb('error_details').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('csv_imports_org_created_idx').on(t.organizationId, t.createdAt)],
);
