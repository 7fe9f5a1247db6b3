import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@shared/schemas/auth';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    /**
     * When the account proved it reads mail at `email`; null until then, and again after
     * every change of address. Until then only the confirmation (and a reset) goes there.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The last "someone tried to sign up with your address" notice, so one is sent an hour at most. */
    accountExistsNoticeAt: timestamp('account_exists_notice_at', { withTimezone: true }),
    fullName: text('full_name'),
    /** IANA zone captured at sign-up: the person's, and the zone of the organisations they create. */
    timeZone: text('time_zone').notNull().default('UTC'),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default(DEFAULT_NOTIFICATION_SETTINGS),
    /**
     * Raised whenever one of the account's sessions ends or the account changes: an instance
     * that remembers a session checks it on every request (plugins/session-cache.ts).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // Only a confirmed address belongs to one account: signing up with someone else's address
    // must not be refused (that would say the address has an account), and it never confirms.
    uniqueIndex('users_confirmed_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`email_confirmed_at is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** An account as stored. */
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** Keyed SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation this session acts on (POST /api/organizations/{id}/switch); null picks the person's first. */
    organizationId: integer('organization_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was mailed to: using the link proves it, if it is still the account's. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * One row per confirmation asked for (sign-up, change of address, resend): the hashed token
 * of the link and the address it confirms. The rows of the last hour are the resend limit.
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_confirmation_tokens_user_created_idx').on(t.userId, t.createdAt)],
);
