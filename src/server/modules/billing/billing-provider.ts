import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { BillingConfig, CancelResult, CreatedSubscription, Invoice, PaymentMethod, SubscriptionDetails } from '@shared/schemas/billing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { findBillingCustomer } from './account-plan.queries';

/** What billing knows of the organisation it bills, read by its id (account-plan.queries.ts `findBillingCustomer`). */
export type BillingCustomer = Awaited<ReturnType<typeof findBillingCustomer>>;

export interface BillingDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
}

/**
 * What SPEC's billing calls ask of whoever bills: the built-in test mode or Stripe, chosen
 * once at start. Routes and screens speak only to this.
 */
export interface BillingProvider {
  readonly config: BillingConfig;
  subscriptionDetails(user: BillingCustomer, now?: Date): Promise<SubscriptionDetails>;
  createSubscription(user: BillingCustomer, now?: Date): Promise<CreatedSubscription>;
  createSetupIntent(user: BillingCustomer): Promise<{ clientSecret: string }>;
  paymentMethods(user: BillingCustomer): Promise<PaymentMethod[]>;
  setDefaultPaymentMethod(user: BillingCustomer, paymentMethodId: string): Promise<{ success: true }>;
  deletePaymentMethod(user: BillingCustomer, paymentMethodId: string, now?: Date): Promise<{ success: true }>;
  invoices(user: BillingCustomer, now?: Date): Promise<{ invoices: Invoice[] }>;
  cancelSubscription(user: BillingCustomer, immediate: boolean, now?: Date): Promise<CancelResult>;
  /** Routes only this provider has (test mode's card endpoints, Stripe's webhook). */
  registerRoutes(app: FastifyInstance): Promise<void>;
}
