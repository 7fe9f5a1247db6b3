import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { csvImportStatus } from './enums';
import { users } from './users';

export const csvImports = pgTable(
  'csv_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    totalRows: integer('total_rows').notNull(),
    importedCount: integer('imported_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    status: csvImportStatus('status').notNull().default('pending'),
    errorDetails: jsonb('error_details').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('csv_imports_user_created_idx').on(t.userId, t.createdAt)],
);
