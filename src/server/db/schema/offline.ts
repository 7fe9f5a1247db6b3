import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { properties } from './properties';
import { users } from './users';

/**
 * A change recorded on a device without signal that could not be applied when it arrived,
 * because what it changed had been deleted meanwhile (docs/offline.md, "On the server"). Kept
 * so nothing recorded is lost: each row is an event of the property's and the organisation's
 * history (the `history_capture` trigger, migration 0049), with what was recorded.
 */
export const unappliedChanges = pgTable(
  'unapplied_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The id the device made for the change (its Idempotency-Key): sent twice, kept once. */
    changeId: uuid('change_id').notNull(),
    /** What the person read in their sync list: "Pass: EXT-0042, Floor 2, Room 201". */
    label: text('label').notNull(),
    /** Why it was not applied: 'deleted' (what it changed had been deleted). */
    reason: text('reason').notNull(),
    /** The change's body as the device kept it. */
    recorded: jsonb('recorded').notNull(),
    /** When it was recorded on the device. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('unapplied_changes_change_uq').on(t.organizationId, t.changeId), index('unapplied_changes_property_idx').on(t.propertyId)],
);
