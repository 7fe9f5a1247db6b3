import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiTokens } from './api-tokens';
import { organizations } from './organizations';

/**
 * An account's private calendar feed. The link's token is derived from `secret` with the
 * server's session secret (calendar-feed.service.ts), so the link can be shown again while
 * this table alone opens nothing; `token_hash` finds the account from a link in one
 * indexed lookup. A new secret makes the old link answer 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  /** The personal API token the link was made with; null when made in the app. Revoking the token ends the link. */
  createdByTokenId: integer('created_by_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
