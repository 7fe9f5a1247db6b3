import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * A change that can be taken back from its toast (docs/decisions/016-undo-by-snapshot.md):
 * what the property's rows were before it, and a fingerprint of what they were after, so an
 * undo only ever restores a property nobody has changed since.
 */
export const undoActions = pgTable(
  'undo_actions',
  {
    /** A random token: the client names the action by it, nothing guessable. */
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** No foreign key: undoing a property's deletion brings this id back. */
    propertyId: integer('property_id').notNull(),
    /** The inspection acted on, whose change the snapshot covers; null for a property's deletion (all of it). */
    inspectionId: integer('inspection_id'),
    kind: text('kind').notNull(),
    before: jsonb('before').notNull(),
    afterFingerprint: text('after_fingerprint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('undo_actions_expires_idx').on(t.expiresAt)],
);
