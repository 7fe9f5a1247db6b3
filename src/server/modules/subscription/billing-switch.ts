import { sql, type SQL } from 'drizzle-orm';

/**
 * BILLING=off (DECISIONS "Billing"): every account is Pro and no provider runs. One setting
 * for the whole process, made once at start when the app is built, because the plan is
 * read in many places (limits, reports, the reminder sweep) that have no configuration.
 */
let billingOff = false;

export function setBillingOff(off: boolean): void {
  billingOff = off;
}

export const isBillingOff = (): boolean => billingOff;

/** For plan conditions in SQL: true on every row when billing is off. */
export const billingOffSql = (): SQL => (billingOff ? sql`true` : sql`false`);
