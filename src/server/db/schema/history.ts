import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Every change to an organisation's records, one row per changed row, written by the database
 * itself (the `history_capture` triggers of migration 0024, docs/decisions/027-history.md) in the
 * transaction of the change. Append-only: a trigger refuses UPDATE, and DELETE except when the
 * organisation itself is deleted. No sweep removes rows: a fire record lives for years
 * (docs/history.md).
 *
 * No foreign key to the property, the person or the token: the event outlives them, with their
 * names as they were (`property_name`, `actor_name`).
 */
export const historyEvents = pgTable(
  'history_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id'),
    propertyName: text('property_name'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'member' (a person signed in), 'token' (an API token acting as its member) or 'system' (jobs, billing's webhooks, migrations). */
    actorKind: text('actor_kind').notNull(),
    actorUserId: integer('actor_user_id'),
    actorTokenId: integer('actor_token_id'),
    /** The person's name (and the token's) when it happened. */
    actorName: text('actor_name'),
    /** e.g. 'property.created', 'inspection.completed' (src/shared/history.ts lists them). */
    kind: text('kind').notNull(),
    /** The table and row the change was made to. */
    entityTable: text('entity_table').notNull(),
    entityId: integer('entity_id'),
    /**
     * What the row was when it happened, by a few of its fields (a property's name, an
     * inspection's type and due date): src/shared/history.ts words it.
     */
    subject: jsonb('subject').notNull().default({}),
    /** `{ column: [before, after] }` for the columns that changed (creation: before null; deletion: after null). */
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('history_events_org_idx').on(t.organizationId, sql`${t.id} desc`),
    index('history_events_property_idx').on(t.propertyId, sql`${t.id} desc`).where(sql`${t.propertyId} is not null`),
    index('history_events_actor_idx').on(t.organizationId, t.actorUserId, sql`${t.id} desc`),
    // One record's events (a device's page reads its own, not all of its property's).
    index('history_events_entity_idx').on(t.entityTable, t.entityId).where(sql`${t.entityId} is not null`),
    check('history_events_actor_kind_check', sql`${t.actorKind} in ('member', 'token', 'system')`),
  ],
);

export type HistoryEventRow = typeof historyEvents.$inferSelect;
