import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens';
import { inspections } from './inspections';
import { organizations } from './organizations';

/**
 * An address an account asked Firemark to POST its events to. The secret signs every
 * delivery and must be at hand in clear to do so; it is kept as issued (docs/decisions,
 * "Webhooks"). `failing_since` is set once deliveries keep failing, and cleared by a 2xx.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The personal API token it was made with; null when made in the app. Revoking the token ends it. */
    createdByTokenId: integer('created_by_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.id), index('webhook_endpoints_token_idx').on(t.createdByTokenId)],
);

/**
 * One event for one endpoint, written in the transaction of the change that caused it; the
 * sweep (jobs/webhook-delivery.ts) posts it when `next_attempt_at` comes, and retries on a
 * schedule until it is delivered or `failed_at` is set. No response body and no secret are kept.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The endpoint's recent deliveries, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The sweep reads only what is still due.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/**
 * Inspections whose `inspection.overdue` event was written: the event goes out once per
 * inspection, whatever happens to its reminders.
 */
export const webhookOverdueEvents = pgTable('webhook_overdue_events', {
  inspectionId: integer('inspection_id')
    .primaryKey()
    .references(() => inspections.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
