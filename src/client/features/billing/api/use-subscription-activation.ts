import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_KEY, useSubscription } from '@/lib/use-subscription';

// SPEC 9, "Subscription polling".
const POLL_INTERVAL_MS = 3_000;
const MAX_POLLS = 10;

export interface Activation {
  active: boolean;
  /** Still asking: the first read or one of the polls is under way or due. */
  checking: boolean;
  /** Ten polls went by without Pro arriving. */
  gaveUp: boolean;
}

/**
 * After a payment the provider may take a moment to activate the plan (SPEC 4,
 * "Subscription"): read the status at once, then every 3 s while it is not active, at most 10
 * times. When it turns active, everything that depends on the plan is read again. Unmounting
 * (which signing out does too) stops the polling.
 */
export function useSubscriptionActivation(): Activation {
  const queryClient = useQueryClient();
  const subscription = useSubscription();
  const active = subscription.isLoaded && subscription.isPremium;
  const [started, setStarted] = useState(false);
  const [polls, setPolls] = useState(0);
  const sawInactive = useRef(false);

  // The cached status may predate the payment, and this query does not refetch on mount.
  useEffect(() => {
    let live = true;
    void queryClient
      .refetchQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }, { cancelRefetch: false })
      .finally(() => live && setStarted(true));
    return () => {
      live = false;
    };
  }, [queryClient]);

  useEffect(() => {
    if (!started || active || polls >= MAX_POLLS) return;
    sawInactive.current = true;
    let live = true;
    const timer = setTimeout(() => {
      void queryClient.refetchQueries({ queryKey: SUBSCRIPTION_STATUS_KEY }).finally(() => live && setPolls((n) => n + 1));
    }, POLL_INTERVAL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [started, active, polls, queryClient]);

  useEffect(() => {
    if (!active || !sawInactive.current) return;
    sawInactive.current = false;
    // The status itself was just read; the rest (details, limits, lists) follows the plan.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SUBSCRIPTION_STATUS_KEY[0] });
  }, [active, queryClient]);

  return { active, checking: !active && (!started || polls < MAX_POLLS), gaveUp: started && !active && polls >= MAX_POLLS };
}
