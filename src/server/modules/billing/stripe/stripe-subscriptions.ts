import type Stripe from 'stripe';
import type { DbOrTx } from '../../../db/client';
import { followSubscription } from '../account-plan';
import * as q from './stripe.queries';

const date = (epochSeconds: number) => new Date(epochSeconds * 1000);
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The columns we keep of a Stripe subscription, exactly as Stripe describes it. */
export function subscriptionValues(sub: Stripe.Subscription): q.SubscriptionValues {
  // One price, one item: since API version 2025-03-31 the period lives on the item.
  const item = sub.items.data[0];
  return {
    id: sub.id,
    status: sub.status,
    currentPeriodStart: item ? date(item.current_period_start) : null,
    currentPeriodEnd: item ? date(item.current_period_end) : null,
    billingCycleAnchor: date(sub.billing_cycle_anchor),
    trialEnd: sub.trial_end ? date(sub.trial_end) : null,
    defaultPaymentMethod: idOf(sub.default_payment_method),
    // The Dashboard and the customer portal may cancel with `cancel_at` instead of the flag.
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    canceledAt: sub.canceled_at ? date(sub.canceled_at) : null,
  };
}

const TERMINAL = new Set(['canceled', 'incomplete_expired']);

/** How far along its life a subscription is, within one period. */
function stage(sub: Pick<q.SubscriptionRow, 'status' | 'defaultPaymentMethod'>): number {
  if (TERMINAL.has(sub.status)) return 4;
  if (sub.status === 'incomplete') return 0;
  if (sub.status === 'trialing') return sub.defaultPaymentMethod ? 2 : 1;
  return 3; // active, past_due, unpaid, paused
}

/**
 * Whether a description of a subscription is newer than the one stored. Stripe does not
 * promise to deliver events in order, so each is judged by what it says, never by a
 * counter: an ended subscription stays ended; otherwise the later period wins, then the
 * later stage within a period (incomplete, trialing, paid). Only between two equal states
 * does the event's own time decide; an answer to our own call is always the latest word.
 */
export function isNewer(incoming: q.SubscriptionValues, stored: q.SubscriptionRow, eventCreated?: Date): boolean {
  const ended = (s: { status: string }) => TERMINAL.has(s.status);
  if (ended(incoming) !== ended(stored)) return ended(incoming);
  const end = (s: { currentPeriodEnd?: Date | null }) => s.currentPeriodEnd?.getTime() ?? 0;
  if (end(incoming) !== end(stored)) return end(incoming) > end(stored);
  if (stage(incoming) !== stage(stored)) return stage(incoming) > stage(stored);
  return !eventCreated || !stored.syncedAt || eventCreated >= stored.syncedAt;
}

/**
 * Applies a subscription object as Stripe sent it (an event's, or the answer to our own
 * call) to our copy and the account's plan, if it is newer than what we hold. Call inside
 * a transaction; the row stays locked until it ends. Subscriptions of customers that are
 * not ours are ignored.
 */
export async function applySubscription(db: DbOrTx, sub: Stripe.Subscription, now: Date, eventCreated?: Date): Promise<q.SubscriptionRow | null> {
  const customerId = idOf(sub.customer);
  const user = customerId ? await q.findCustomerOrganization(db, customerId) : undefined;
  if (!user) return null;
  const values = { ...subscriptionValues(sub), syncedAt: eventCreated ?? null };
  const { row, inserted } = await q.lockOrInsertSubscription(db, user.id, values);
  if (!inserted) {
    if (!isNewer(values, row, eventCreated)) return row;
    const syncedAt = eventCreated && (!row.syncedAt || eventCreated > row.syncedAt) ? eventCreated : row.syncedAt;
    await q.updateSubscription(db, row.id, { ...values, syncedAt });
  }
  await followSubscription(db, user.id, values, now);
  return { ...row, ...values };
}
