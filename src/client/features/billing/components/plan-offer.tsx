import type { Subscription } from '@/lib/use-subscription';
import { ProIncludedCard } from './pro-included-card';
import { TrialOfferCard } from './trial-offer-card';
import { UpgradeByEmailCard } from './upgrade-by-email-card';

/** The way to Pro that this account has: the trial, a word to support, or none needed. */
export function PlanOffer({ subscription, onTrialStarted }: { subscription: Subscription; onTrialStarted: () => void }) {
  const { isLoaded, isPremium, status } = subscription;
  // Until the plan is known, offer nothing that might not apply.
  if (!isLoaded || isPremium) return <ProIncludedCard onPro={isLoaded && isPremium} />;
  if (status.trialAvailable) return <TrialOfferCard onStarted={onTrialStarted} />;
  return <UpgradeByEmailCard />;
}
