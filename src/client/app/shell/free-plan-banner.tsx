import { useEffect, useState, type ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { usePageHasUpgradePrompt } from '@/lib/upgrade-prompt-claim';
import { useSubscription } from '@/lib/use-subscription';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { PageRevealedContext } from './page-revealed';

// SPEC 9: the content appears 100 ms after the plan is known on desktop, 200 ms on phones.
const PHONE_QUERY = '(max-width: 767px)';
const REVEAL_DELAY_MS = { desktop: 100, phone: 200 };

/**
 * How long the page stays hidden yet: the delay counts from when the plan arrived. A plan kept
 * on the device from an earlier visit (offline, or after a switch of organisation) was there
 * before this page asked for it, so a page drawn from it is shown at once. Never longer than the
 * delay itself, whatever the device's clock did since the answer was stamped.
 */
function revealWait(settledAt: number): number {
  const delay = window.matchMedia(PHONE_QUERY).matches ? REVEAL_DELAY_MS.phone : REVEAL_DELAY_MS.desktop;
  if (settledAt < performance.timeOrigin) return 0;
  return Math.min(delay, Math.max(0, settledAt + delay - Date.now()));
}

/**
 * Wraps the signed-in pages (SPEC 2, "Authenticated shell"): the free-plan notice on top,
 * the page below once the plan has loaded, so no page flashes limits it does not have. The
 * page mounts hidden meanwhile, so its code and data load in parallel with the plan.
 */
export function FreePlanBanner({ children }: { children: ReactNode }) {
  const subscription = useSubscription();
  const canUpgrade = useCanUpgrade();
  const settled = !subscription.isLoading;
  const { settledAt } = subscription;
  const [revealed, setRevealed] = useState(() => settled && revealWait(settledAt) <= 0);

  useEffect(() => {
    if (!settled || revealed) return;
    const timer = setTimeout(() => setRevealed(true), Math.max(0, revealWait(settledAt)));
    return () => clearTimeout(timer);
  }, [settled, settledAt, revealed]);

  // Only a known free plan shows the notice; a failed status check shows none rather than a guess.
  // A page that is itself an upgrade prompt keeps the screen at one. Only to those who may upgrade:
  // a member who cannot would be offered a Billing page that refuses them.
  const showNotice = revealed && subscription.isLoaded && !subscription.isPremium && !usePageHasUpgradePrompt() && canUpgrade;

  return (
    <>
      {revealed ? null : <LoadingState message="Loading your plan details..." />}
      {showNotice ? (
        <div
          role="region"
          aria-label="Free plan"
          className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 text-sm text-amber-950">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            Free Plan - 1 property, 1 inspection. Upgrade for unlimited access.
          </p>
          <Button asChild size="sm" className="self-start sm:self-auto">
            <Link to="/billing">Upgrade</Link>
          </Button>
        </div>
      ) : null}
      <div hidden={!revealed}>
        <PageRevealedContext.Provider value={revealed}>{children}</PageRevealedContext.Provider>
      </div>
    </>
  );
}
