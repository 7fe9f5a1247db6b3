import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reportType: text('report_type').notNull().default('fire_safety'),
    generatedDate: timestamp('generated_date', { withTimezone: true }).notNull().defaultNow(),
    downloadUrl: text('download_url'),
    fileName: text('file_name').notNull(),
    /** The PDF as generated: a report is a record of that moment. */
    pdf: bytea('pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_user_generated_idx').on(t.userId, sql`${t.generatedDate} desc`),
    index('reports_property_idx').on(t.propertyId),
  ],
);
