import { useRef } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { forbiddenMessage } from '@shared/permissions';
import { PageHeader } from '@/components/page-header';
import { useBillingConfig } from '../api/use-billing-config';
import { activeSubscription, useSubscriptionDetails } from '../api/use-subscription-details';
import { BillingOffCard } from '../components/billing-off-card';
import { CancelSubscriptionCard } from '../components/cancel-subscription-card';
import { InvoiceHistoryCard } from '../components/invoice-history-card';
import { PaymentMethodsCard } from '../components/payment-methods-card';
import { PlanComparison } from '../components/plan-comparison';
import { PlanOffer } from '../components/plan-offer';
import { SubscriptionOverview } from '../components/subscription-overview';

/** The plan and its billing are the owners' (issue 31): other members are told whom to ask. */
export default function BillingRoute() {
  const { can, organization } = usePermissions();
  if (can('billing.manage')) return <BillingPage />;
  return <BillingNotYours organizationName={organization?.name} />;
}

function BillingNotYours({ organizationName }: { organizationName?: string }) {
  useDocumentTitle('Billing');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Billing"
        description={`The plan${organizationName ? ` of ${organizationName}` : ''} and its payments are managed by its owners.`}
      />
      <p className="text-muted-foreground">{forbiddenMessage('billing.manage')}</p>
    </div>
  );
}

function BillingPage() {
  useDocumentTitle('Billing');
  const subscription = useSubscription();
  const details = useSubscriptionDetails();
  const config = useBillingConfig();
  const overviewTitle = useRef<HTMLHeadingElement>(null);
  const focusOverview = () => overviewTitle.current?.focus();

  // Paying now: Pro from the plan status and an active subscription from the provider.
  const paid = subscription.isPremium ? activeSubscription(details.data) : null;
  // Anyone who ever paid keeps their receipts within reach, cancelled or not.
  const everPaid = details.data?.subscription != null;

  if (config.data?.provider === 'off') {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title="Billing" description="Your plan and what it includes." />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SubscriptionOverview
            subscription={subscription}
            billing={{ paid: null, loading: false, failed: false, retry: () => undefined, retrying: false }}
            billingOff
            titleRef={overviewTitle}
          />
          <BillingOffCard />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Billing" description="Your plan, what it includes and how to get more from Firemark." />
      <div className="space-y-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <SubscriptionOverview
              subscription={subscription}
              billing={{
                paid,
                loading: details.isPending,
                failed: details.isError,
                retry: () => void details.refetch(),
                retrying: details.isFetching,
              }}
              titleRef={overviewTitle}
            />
            {paid ? <PaymentMethodsCard /> : null}
          </div>
          <PlanOffer subscription={subscription} subscribed={paid !== null} onTrialStarted={focusOverview} />
        </div>
        {everPaid ? <InvoiceHistoryCard /> : null}
        {paid ? <CancelSubscriptionCard paid={paid} onCancelled={focusOverview} /> : null}
        <PlanComparison currentPlan={subscription.isLoaded ? subscription.status.plan : undefined} />
      </div>
    </div>
  );
}
