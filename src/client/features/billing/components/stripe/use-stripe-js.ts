import { useCallback, useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { stripeFor } from './load-stripe';

/** Stripe.js once it has loaded, or that it could not be loaded (blocked, offline). */
export function useStripeJs(publishableKey: string) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    stripeFor(publishableKey)
      .then((loaded) => live && (loaded ? setStripe(loaded) : setFailed(true)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { stripe, failed, retry };
}
