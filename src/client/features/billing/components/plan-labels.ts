import type { SubscriptionStatus } from '@shared/plans';

/** "3 (Unlimited)" or "1 (1 max)", as SPEC words the overview's property count. */
export function countWithLimit(count: number, limit: number, limitedWord = 'max'): string {
  return limit === -1 ? `${count} (Unlimited)` : `${count} (${limit} ${limitedWord})`;
}

/**
 * What the account pays each month. Card payments are not built, so a Pro account that is
 * not on the trial was given Pro on the server (npm run grant-pro) and pays nothing;
 * showing the list price there would claim a charge that never happens.
 */
export function monthlyTotal(status: SubscriptionStatus): string {
  return status.hasActiveSubscription && !status.onTrial ? 'No charge' : 'Free';
}
