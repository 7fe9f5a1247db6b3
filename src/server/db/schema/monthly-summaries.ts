import { date, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The monthly portfolio summary mailed to a member (docs/insight.md "Monthly summary"): one
 * row per organisation, member and month summarised. The unique key is what decides, so a
 * job that runs twice (or two workers at once) sends each member one mail a month.
 */
export const monthlySummaryMails = pgTable(
  'monthly_summary_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the month summarised, e.g. 2026-10-01 for October 2026. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The outbox row of the mail, for the record. */
    outboxId: integer('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_summary_mails_org_user_month_key').on(t.organizationId, t.userId, t.month),
    index('monthly_summary_mails_user_idx').on(t.userId),
  ],
);
