import { useId, type ReactNode, type Ref } from 'react';
import { formatDate } from '@/lib/format-date';
import { PRO_PLAN_NAME } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscription';
import type { Subscription } from '@/lib/use-subscription';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { BillingSubscription } from '../api/billing-types';
import { useReloadSubscription } from '../api/use-reload-subscription';
import { formatAmount, formatEpochDate } from './billing-format';
import { countWithLimit, monthlyTotal } from './plan-labels';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">Loading your plan...</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center justify-between gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-28" />
        </div>
      ))}
    </div>
  );
}

/** What happens when Pro has an end: the account goes back to Free and loses nothing. */
function EndNote({ end, onTrial, cancelled }: { end: string; onTrial: boolean; cancelled?: boolean }) {
  return (
    <p className="mt-5 rounded-lg border bg-muted/50 p-3 text-sm text-slate-700">
      {onTrial ? 'When your trial ends' : `When ${PRO_PLAN_NAME} ends`} on {end}, your account returns to the Free plan
      and keeps all its data: every property, inspection and report stays yours. Only adding more than the Free plan
      allows stops.{cancelled ? ' You will not be charged again.' : null}
    </p>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Not Subscribed'}</Badge>;
}

function UsageRows({ status }: { status: SubscriptionStatus }) {
  return (
    <>
      <Row term="Properties">{countWithLimit(status.propertyCount, status.propertyLimit)}</Row>
      <Row term="Scheduled inspections">
        {countWithLimit(status.scheduledInspectionCount, status.inspectionLimit, 'at a time')}
      </Row>
    </>
  );
}

/** A paid subscription: its dates and price come from the billing provider. */
function PaidDetails({ status, paid }: { status: SubscriptionStatus; paid: BillingSubscription }) {
  const periodEnd = formatEpochDate(paid.current_period_end);
  const trialing = paid.status === 'trialing';
  let ending;
  if (paid.cancel_at_period_end) ending = <Row term="Pro ends">{periodEnd}</Row>;
  else if (trialing) ending = <Row term="First payment">{periodEnd}</Row>;
  else ending = <Row term="Next billing date">{periodEnd}</Row>;
  return (
    <>
      <dl className="divide-y">
        <Row term="Status">
          <StatusBadge active />
        </Row>
        <Row term="Plan">
          {paid.plan.name}
          {trialing ? <span className="font-normal text-muted-foreground"> (30-day trial)</span> : null}
        </Row>
        <Row term="Start date">{formatEpochDate(paid.current_period_start)}</Row>
        {ending}
        <UsageRows status={status} />
        <Row term="Monthly total">{formatAmount(paid.plan.amount, paid.plan.currency)}</Row>
      </dl>
      {paid.cancel_at_period_end ? <EndNote end={periodEnd} onTrial={false} cancelled /> : null}
      {trialing && !paid.cancel_at_period_end ? (
        <p className="mt-5 rounded-lg border bg-muted/50 p-3 text-sm text-slate-700">
          Your card is saved. The first payment is taken on {periodEnd}, when your trial ends, and {PRO_PLAN_NAME}{' '}
          carries on without a break.
        </p>
      ) : null}
      {paid.status === 'past_due' ? (
        <p role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Your last payment did not go through. It will be tried again; to keep {PRO_PLAN_NAME}, add a card that works
          below.
        </p>
      ) : null}
    </>
  );
}

/** Free, the trial, or Pro given without billing. */
function UnpaidDetails({ status, billingOff }: { status: SubscriptionStatus; billingOff: boolean }) {
  const pro = status.hasActiveSubscription;
  return (
    <>
      <dl className="divide-y">
        <Row term="Status">
          <StatusBadge active={pro} />
        </Row>
        <Row term="Plan">
          {pro ? PRO_PLAN_NAME : 'Free Plan'}
          {status.onTrial ? <span className="font-normal text-muted-foreground"> (30-day trial)</span> : null}
        </Row>
        <UsageRows status={status} />
        <Row term="Monthly total">{monthlyTotal(status)}</Row>
        {pro && status.proUntil ? (
          <Row term={status.onTrial ? 'Trial ends' : 'Pro ends'}>{formatDate(status.proUntil)}</Row>
        ) : null}
      </dl>
      {pro && status.proUntil ? <EndNote end={formatDate(status.proUntil)} onTrial={status.onTrial} /> : null}
      {pro && !status.proUntil ? (
        <p className="mt-5 text-sm text-muted-foreground">
          {billingOff
            ? `Billing is off on this server: ${PRO_PLAN_NAME} is included for every account.`
            : `${PRO_PLAN_NAME} has been added to your account at no charge. Nothing is billed.`}
        </p>
      ) : null}
    </>
  );
}

/** Whether the billing provider's answer is still needed to tell what the account pays. */
export interface PaidState {
  /** The active paid subscription, once known. */
  paid: BillingSubscription | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  retrying: boolean;
}

interface SubscriptionOverviewProps {
  subscription: Subscription;
  billing: PaidState;
  /** BILLING=off: Pro for everyone, nothing billed. */
  billingOff?: boolean;
  titleRef?: Ref<HTMLHeadingElement>;
}

/** SPEC "Billing": the account's plan, usage and cost at a glance. */
export function SubscriptionOverview({ subscription, billing, billingOff = false, titleRef }: SubscriptionOverviewProps) {
  const titleId = useId();
  const { reload, reloading } = useReloadSubscription();
  const { status } = subscription;
  // Pro outside the trial is either paid for or given; only the provider can tell which.
  const needsBilling = subscription.isLoaded && status.hasActiveSubscription && !status.onTrial && !billingOff;

  let body: ReactNode;
  if (subscription.isError) body = <LoadError message="Your plan could not be loaded." onRetry={reload} retrying={reloading} />;
  else if (!subscription.isLoaded) body = <OverviewSkeleton />;
  else if (billing.paid) body = <PaidDetails status={status} paid={billing.paid} />;
  else if (needsBilling && billing.failed)
    body = <LoadError message="Your subscription details could not be loaded." onRetry={billing.retry} retrying={billing.retrying} />;
  else if (needsBilling && billing.loading) body = <OverviewSkeleton />;
  else body = <UnpaidDetails status={status} billingOff={billingOff} />;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        {/* Focus lands here once the trial starts, since the button that started it is gone. */}
        <CardTitle id={titleId} ref={titleRef} tabIndex={-1} className="focus:outline-none">
          Subscription Overview
        </CardTitle>
        <CardDescription>Your plan, what you use of it and what it costs.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
