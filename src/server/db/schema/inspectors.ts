import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** An account's inspectors: who may be scheduled for and perform its inspections. */
export const inspectors = pgTable(
  'inspectors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    licenceNumber: text('licence_number'),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspectors_org_name_idx').on(t.organizationId, t.name)],
);
