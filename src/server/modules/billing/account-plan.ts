import { PRO_PLAN_NAME } from '@shared/plans';
import type { SubscriptionState } from '@shared/schemas/billing';
import type { DbOrTx } from '../../db/client';
import * as q from './account-plan.queries';

/** The part of a subscription, from either provider, that decides the account's plan. */
export interface SubscriptionPlanState {
  id: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** A card is saved for it: a trial with one becomes a paid subscription when it ends. */
  defaultPaymentMethod: string | null;
}

/**
 * Pro while paid (active), while Stripe retries a failed renewal (past_due), and during a
 * trial with a saved card, which turns into the first payment at its end.
 */
export function givesPro(sub: SubscriptionPlanState): boolean {
  return sub.status === 'active' || sub.status === 'past_due' || (sub.status === 'trialing' && sub.defaultPaymentMethod !== null);
}

const ENDED: ReadonlySet<string> = new Set<SubscriptionState>(['canceled', 'incomplete_expired', 'unpaid', 'paused']);
export const hasEnded = (sub: { status: string }): boolean => ENDED.has(sub.status);

/**
 * Makes the account's plan columns follow its subscription (DECISIONS "Billing"): Pro with
 * no end while it renews, Pro until the period's end once cancelled at period end, Free when
 * it ends. Only the subscription that gave Pro can take it away, so a late word about an
 * older subscription changes nothing, and Pro given by hand or a running trial stay. A
 * subscription that ends during the account's free trial leaves the rest of that trial.
 * Data is never touched.
 */
export async function followSubscription(db: DbOrTx, organizationId: number, sub: SubscriptionPlanState, now: Date): Promise<void> {
  if (givesPro(sub)) {
    await q.setBillingPro(db, organizationId, { subscriptionId: sub.id, proUntil: sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null }, now);
    return;
  }
  if (!hasEnded(sub)) return;
  const trialLeft = sub.trialEnd !== null && sub.trialEnd > now;
  await q.endBillingPro(db, organizationId, sub.id, trialLeft ? sub.trialEnd : null, now);
}

/** What an immediate cancellation leaves: Free, or the rest of a free trial it replaced. */
export function cancelledNowMessage(sub: { trialEnd: Date | null }, now: Date): string {
  return sub.trialEnd && sub.trialEnd > now
    ? `Your subscription has been cancelled. Your free trial of ${PRO_PLAN_NAME} goes on until it ends.`
    : 'Your subscription has been cancelled. Your account is on the Free plan now.';
}
