import { useId, type ReactNode, type Ref } from 'react';
import { formatDisplayDate } from '@shared/dates';
import { PRO_PLAN_NAME, type SubscriptionStatus } from '@shared/plans';
import type { Subscription } from '@/lib/use-subscription';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useReloadSubscription } from '../api/use-reload-subscription';
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
function EndNote({ status }: { status: SubscriptionStatus }) {
  const end = formatDisplayDate(status.proUntil);
  return (
    <p className="mt-5 rounded-lg border bg-muted/50 p-3 text-sm text-slate-700">
      {status.onTrial ? 'When your trial ends' : `When ${PRO_PLAN_NAME} ends`} on {end}, your account returns to the Free
      plan and keeps all its data: every property, inspection and report stays yours. Only adding more than the Free plan
      allows stops.
    </p>
  );
}

function Details({ status }: { status: SubscriptionStatus }) {
  const pro = status.hasActiveSubscription;
  return (
    <>
      <dl className="divide-y">
        <Row term="Status">
          <Badge variant={pro ? 'success' : 'muted'}>{pro ? 'Active' : 'Not Subscribed'}</Badge>
        </Row>
        <Row term="Plan">
          {pro ? PRO_PLAN_NAME : 'Free Plan'}
          {status.onTrial ? <span className="font-normal text-muted-foreground"> (30-day trial)</span> : null}
        </Row>
        <Row term="Properties">{countWithLimit(status.propertyCount, status.propertyLimit)}</Row>
        <Row term="Scheduled inspections">
          {countWithLimit(status.scheduledInspectionCount, status.inspectionLimit, 'at a time')}
        </Row>
        <Row term="Monthly total">{monthlyTotal(status)}</Row>
        {pro && status.proUntil ? (
          <Row term={status.onTrial ? 'Trial ends' : 'Pro ends'}>{formatDisplayDate(status.proUntil)}</Row>
        ) : null}
      </dl>
      {pro && status.proUntil ? <EndNote status={status} /> : null}
      {pro && !status.proUntil ? (
        <p className="mt-5 text-sm text-muted-foreground">
          {PRO_PLAN_NAME} has been added to your account at no charge. Nothing is billed.
        </p>
      ) : null}
    </>
  );
}

/** SPEC "Billing": the account's plan, usage and cost at a glance. */
export function SubscriptionOverview({ subscription, titleRef }: { subscription: Subscription; titleRef?: Ref<HTMLHeadingElement> }) {
  const titleId = useId();
  const { reload, reloading } = useReloadSubscription();

  let body: ReactNode;
  if (subscription.isLoaded) body = <Details status={subscription.status} />;
  else if (subscription.isError)
    body = <LoadError message="Your plan could not be loaded." onRetry={reload} retrying={reloading} />;
  else body = <OverviewSkeleton />;

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
