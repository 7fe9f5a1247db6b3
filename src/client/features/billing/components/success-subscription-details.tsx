import type { ReactNode } from 'react';
import type { BillingSubscription } from '../api/billing-types';
import { formatAmount, formatEpochDate } from './billing-format';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** What was bought: the plan, when it is next billed and for how much. */
export function SuccessSubscriptionDetails({ paid }: { paid: BillingSubscription }) {
  return (
    <dl aria-label="Your subscription" className="divide-y rounded-lg border p-4">
      <Row term="Plan">{paid.plan.name}</Row>
      <Row term={paid.status === 'trialing' ? 'First payment' : 'Next billing date'}>{formatEpochDate(paid.current_period_end)}</Row>
      <Row term="Amount">
        {formatAmount(paid.plan.amount, paid.plan.currency)} / {paid.plan.interval}
      </Row>
    </dl>
  );
}
