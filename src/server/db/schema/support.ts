import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { supportPriority, supportRequestStatus, supportRequestType } from './enums';
import { organizations } from './organizations';

export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    type: supportRequestType('type').notNull().default('general'),
    status: supportRequestStatus('status').notNull().default('open'),
    priority: supportPriority('priority').notNull().default('medium'),
    userEmail: text('user_email').notNull(),
    userFullName: text('user_full_name'),
    emailSent: boolean('email_sent').notNull().default(false),
    responseMessage: text('response_message'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_requests_org_created_idx').on(t.organizationId, t.createdAt)],
);
