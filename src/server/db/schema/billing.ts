import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The account's Pro subscriptions as the billing provider reports them: `sub_test_...` rows
 * of the built-in test-mode provider, and Stripe's subscriptions as its webhooks last
 * described them (`GET /api/subscription/status` reads the account's plan, never Stripe).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'test' (built-in test mode) or 'stripe': each provider reads only its own rows. */
    provider: text('provider').notNull().default('test'),
    /**
     * Stripe's subscription status: incomplete (waiting for its first payment), trialing,
     * active, past_due, unpaid, paused, canceled, incomplete_expired.
     */
    status: text('status').notNull().default('incomplete'),
    /** Test mode: the secret its payment form confirms. Stripe keeps its own. */
    clientSecret: text('client_secret'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Renewals fall on this day of the month (or the month's last day when it is shorter). */
    billingCycleAnchor: timestamp('billing_cycle_anchor', { withTimezone: true }),
    /** A trial with a saved card: the first payment is taken at this moment. */
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** The card that pays the renewals (Stripe's payment method id); null when none is saved. */
    defaultPaymentMethod: text('default_payment_method'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Stripe: when the event last applied to this row was created, to order equal states. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_org_idx').on(t.organizationId, sql`${t.createdAt} desc`)],
);

/**
 * Every Stripe webhook event applied, written in the transaction of the change it caused:
 * a repeated or simultaneous delivery of the same event finds its id here and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** When Stripe created the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_payment_methods_org_idx').on(t.organizationId)],
);

/** Pending setup intents (adding a card without paying). */
export const billingSetupIntents = pgTable('billing_setup_intents', {
  clientSecret: text('client_secret').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The card it was paid with, as the invoice shows it. */
    paidWith: text('paid_with'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_org_idx').on(t.organizationId, sql`${t.createdAt} desc`)],
);
