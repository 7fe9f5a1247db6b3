import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { supportPriority, supportRequestStatus, supportRequestType } from './enums';
import { users } from './users';

export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  (t) => [index('support_requests_user_created_idx').on(t.userId, t.createdAt)],
);
