import { useRef } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { PageHeader } from '@/components/page-header';
import { PlanComparison } from '../components/plan-comparison';
import { PlanOffer } from '../components/plan-offer';
import { SubscriptionOverview } from '../components/subscription-overview';

export default function BillingPage() {
  useDocumentTitle('Billing');
  const subscription = useSubscription();
  const overviewTitle = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Billing" description="Your plan, what it includes and how to get more from Firemark." />
      <div className="space-y-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SubscriptionOverview subscription={subscription} titleRef={overviewTitle} />
          <PlanOffer subscription={subscription} onTrialStarted={() => overviewTitle.current?.focus()} />
        </div>
        <PlanComparison currentPlan={subscription.isLoaded ? subscription.status.plan : undefined} />
      </div>
    </div>
  );
}
