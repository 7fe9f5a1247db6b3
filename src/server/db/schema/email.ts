import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { emailStatus } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Every e-mail is written here in the transaction of the change that causes it, and a
 * delivery job carries it to SMTP. The row is the record of what was sent, and the guard
 * that a retried job never sends a mail twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The person the mail is for or caused by: their mail waits until their address is confirmed (email/held-mail.ts). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation whose mail it is: bulk mail is limited per organisation and hour (email/quota.ts). */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** The row this mail reports on (a support request, a reminder log), marked once delivered. */
    referenceId: integer('reference_id'),
    toAddress: text('to_address').notNull(),
    ccAddresses: text('cc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers for the transport, e.g. List-Unsubscribe on mail to a property manager. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: emailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last delivery attempt failed, or why a `suppressed` mail was not sent. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    index('email_outbox_user_created_idx').on(t.userId, t.createdAt),
    // Per-organisation limits count its mail of the last hour (email/quota.ts).
    index('email_outbox_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
