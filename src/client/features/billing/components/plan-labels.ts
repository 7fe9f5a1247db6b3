import type { SubscriptionStatus } from '@shared/schemas/subscription';

/** "3 (Unlimited)" or "1 (1 max)", as SPEC words the overview's property count. */
export function countWithLimit(count: number, limit: number, limitedWord = 'max'): string {
  return limit === -1 ? `${count} (Unlimited)` : `${count} (${limit} ${limitedWord})`;
}

/**
 * What an account without a paid subscription pays each month. Pro outside the trial and
 * without a subscription was given on the server (npm run grant-pro) and costs nothing;
 * showing the list price there would claim a charge that never happens.
 */
export function monthlyTotal(status: SubscriptionStatus): string {
  return status.hasActiveSubscription && !status.onTrial ? 'No charge' : 'Free';
}
