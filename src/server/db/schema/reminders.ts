import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reminderFrequency } from './enums';
import { inspections } from './inspections';
import { organizations } from './organizations';

export const reminderSettings = pgTable('reminder_settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  organizationId: integer('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  frequency: reminderFrequency('frequency').notNull().default('weekly'),
  leadTimeDays: integer('lead_time_days').notNull().default(7),
  maxRemindersPerItem: integer('max_reminders_per_item').notNull().default(3),
  thirtyDayReminder: boolean('thirty_day_reminder').notNull().default(true),
  sevenDayReminder: boolean('seven_day_reminder').notNull().default(true),
  dueDateReminder: boolean('due_date_reminder').notNull().default(true),
  overdueReminder: boolean('overdue_reminder').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reminderLogs = pgTable(
  'reminder_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    reminderType: text('reminder_type').notNull(),
    /** The due date the reminder was about: a rescheduled inspection is reminded again. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    emailSent: boolean('email_sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reminderCount: integer('reminder_count').notNull().default(1),
    nextScheduledAt: timestamp('next_scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each (inspection, reminder type) is sent at most once for each due date it has had.
    uniqueIndex('reminder_logs_inspection_type_due_key').on(t.inspectionId, t.reminderType, t.dueDate),
    index('reminder_logs_org_idx').on(t.organizationId),
  ],
);

/**
 * The daily digest of requirements with no known last date (DECISIONS "Item types, activities
 * and code sets"): one per organisation and day of its own calendar. The unique key is what
 * decides, so two sweeps at once send it once.
 */
export const requirementDigestLogs = pgTable(
  'requirement_digest_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The organisation's own date (its time zone) the digest was sent for. */
    digestDay: date('digest_day', { mode: 'string' }).notNull(),
    /** How many requirements and properties it counted, for the record. */
    checkCount: integer('check_count').notNull(),
    propertyCount: integer('property_count').notNull(),
    emailSent: boolean('email_sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('requirement_digest_logs_org_day_key').on(t.organizationId, t.digestDay)],
);
