import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { properties } from './properties';
import { users } from './users';

/**
 * A read-only view of one property for a named outside party, without an account
 * (docs/share-links.md). The link's token (128 random bits) is never stored, only its SHA-256.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Who it is for, as the sharer typed it ("Salem Fire Marshal's Office"). */
    recipient: text('recipient').notNull(),
    /** SHA-256 of the token, base64url. */
    tokenHash: text('token_hash').notNull().unique(),
    includeDeficiencies: boolean('include_deficiencies').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The member who made it, named on the page; kept when they leave, cleared when their account goes. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_links_property_idx').on(t.propertyId, t.createdAt), index('share_links_org_idx').on(t.organizationId)],
);

/** One opening of a share link: when, and the browser and system only (never the address or full user agent). */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    client: text('client').notNull(),
  },
  (t) => [index('share_link_views_link_idx').on(t.shareLinkId, t.viewedAt)],
);
