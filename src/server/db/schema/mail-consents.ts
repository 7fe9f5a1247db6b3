import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mailConsentStatus } from './enums';
import { organizations } from './organizations';

/**
 * Whether an address that is not the account's own (a property's manager) agreed to get the
 * account's alerts and reminders. Consent belongs to the pair: agreeing for one account says
 * nothing about another. `address` is kept lower-case.
 */
export const mailConsents = pgTable(
  'mail_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    status: mailConsentStatus('status').notNull().default('invited'),
    /** When the last invitation was queued; invitations are limited per address by it. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_consents_org_address_key').on(t.organizationId, t.address)],
);

/**
 * One random token per mail sent to such an address, for its confirm and unsubscribe links;
 * only its SHA-256 is kept, so a database leak unsubscribes no one.
 */
export const mailConsentTokens = pgTable(
  'mail_consent_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => mailConsents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_consent_tokens_consent_idx').on(t.consentId)],
);
