import { useQuery } from '@tanstack/react-query';
import { SUBSCRIPTION_DETAILS_KEY, type SubscriptionDetails } from './billing-types';

/** The latest paid subscription; SPEC 7 caches subscription data for 5 seconds. */
export function useSubscriptionDetails() {
  return useQuery<SubscriptionDetails>({ queryKey: SUBSCRIPTION_DETAILS_KEY, staleTime: 5_000 });
}

const PAYING = new Set(['active', 'past_due', 'trialing']);

/**
 * A subscription that is paid for now (it may still be set to end at its period's end),
 * waits for a retried renewal, or holds a card for its trial's end.
 */
export function activeSubscription(details: SubscriptionDetails | undefined) {
  const subscription = details?.subscription;
  return subscription && PAYING.has(subscription.status) ? subscription : null;
}
