import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '@shared/permissions';
import { plan } from './enums';
import { inspectors } from './inspectors';
import { properties } from './properties';
import { users } from './users';

export const memberRole = pgEnum('member_role', ROLES);

/**
 * Who owns the records: every property, inspector, report, setting, token, webhook and the
 * plan belong to an organisation, and people reach them as its members. An account from
 * before teams became the owner of an organisation with its own id (migration 0022).
 */
export const organizations = pgTable(
  'organizations',
  {
    /**
     * Drawn from the users' id sequence (organizations.queries.ts): an account's own
     * organisation takes the account's id, and every other organisation an id no account will
     * ever take, so the organisations made on upgrade kept every id as it was.
     */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** IANA zone; "today" and every due date of the organisation are in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Free or Pro; Pro lasts until proUntil when set (a trial, or a cancellation at period end). */
    plan: plan('plan').notNull().default('free'),
    proUntil: timestamp('pro_until', { withTimezone: true }),
    /** Who granted Pro: 'complimentary' (operator CLI), 'trial', or the billing provider. */
    planSource: text('plan_source'),
    /** When the organisation's one Pro trial began; set once, so a trial cannot be taken twice. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    /** The first time the organisation paid for Pro; one that ever paid has no trial. */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    /** Whether a label's URL shows signed-out visitors the public tag page (what a paper tag shows). */
    publicTagPages: boolean('public_tag_pages').notNull().default(true),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * Raised by every write to the organisation's records, and by every change of its members:
     * answers computed from them are remembered under it (cache/account-cache.ts).
     */
    dataVersion: integer('data_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Stripe's webhooks name the customer; one customer belongs to one organisation.
    uniqueIndex('organizations_stripe_customer_id_key').on(t.stripeCustomerId),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;

/** A person in an organisation, with one role; `allProperties` false limits them to membership_properties. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRole('role').notNull(),
    allProperties: boolean('all_properties').notNull().default(true),
    /** For an inspector member: the organisation's inspectors row that is them (their licence, their assignments). */
    inspectorId: integer('inspector_id').references((): AnyPgColumn => inspectors.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    // Owners and admins always reach every property.
    check('memberships_all_properties_for_owners_and_admins', sql`${t.role} not in ('owner', 'admin') or ${t.allProperties}`),
  ],
);

/** The properties a limited member is given. */
export const membershipProperties = pgTable(
  'membership_properties',
  {
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.propertyId] }), index('membership_properties_property_idx').on(t.propertyId)],
);
