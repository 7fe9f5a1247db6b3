import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An organisation's API tokens (docs/api.md): the token itself is shown once and never stored; only
 * its SHA-256 digest is, with a short prefix to tell tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The member who made it: the token acts as them (their role and properties), and ends when they leave. */
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, e.g. "fm_3kQ9", as the list shows them. */
    prefix: text('prefix').notNull(),
    /** 'read' (GET and HEAD only) or 'write'. */
    access: text('access').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_org_idx').on(t.organizationId, t.id)],
);
