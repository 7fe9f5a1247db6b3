import { useState } from 'react';
import type { Subscription } from '@/lib/use-subscription';
import { ProIncludedCard } from './pro-included-card';
import { TrialOfferCard } from './trial-offer-card';
import { UpgradeCard } from './upgrade-card';

interface PlanOfferProps {
  subscription: Subscription;
  /** The account pays for Pro now, so there is nothing to offer. */
  subscribed: boolean;
  onTrialStarted: () => void;
}

/** The ways to Pro this account has: the trial and the card payment, or none needed. */
export function PlanOffer({ subscription, subscribed, onTrialStarted }: PlanOfferProps) {
  const { isLoaded, isPremium, status } = subscription;
  // The payment form stays while it is open: a successful payment makes the account Pro
  // under it, and it still has to say so before moving on to the receipt.
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  // Until the plan is known, offer nothing that might not apply.
  if (!isLoaded) return <ProIncludedCard onPro={false} />;
  const trialOffered = status.trialAvailable && !isPremium;
  // Free, on the trial, or after cancelling; not Pro given at no charge, which has nothing to buy.
  const canUpgrade = (!isPremium || status.onTrial) && !subscribed;

  return (
    <div className="space-y-6">
      {trialOffered ? <TrialOfferCard onStarted={onTrialStarted} /> : null}
      {canUpgrade || checkoutOpen ? (
        <UpgradeCard onTrial={status.onTrial} showFeatures={!trialOffered} onOpenChange={setCheckoutOpen} />
      ) : (
        <ProIncludedCard onPro />
      )}
    </div>
  );
}
