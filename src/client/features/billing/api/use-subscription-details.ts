import { useQuery } from '@tanstack/react-query';
import { SUBSCRIPTION_DETAILS_KEY, type SubscriptionDetails } from './billing-types';

/** The latest paid subscription; SPEC 7 caches subscription data for 5 seconds. */
export function useSubscriptionDetails() {
  return useQuery<SubscriptionDetails>({ queryKey: SUBSCRIPTION_DETAILS_KEY, staleTime: 5_000 });
}

/** A subscription that is paid for now (it may still be set to end at its period's end). */
export function activeSubscription(details: SubscriptionDetails | undefined) {
  const subscription = details?.subscription;
  return subscription?.status === 'active' ? subscription : null;
}
