import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { PRO_PLAN_NAME } from '@shared/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { BillingSubscription } from '../api/billing-types';
import { useCancelSubscription } from '../api/use-cancel-subscription';
import { formatEpochDate } from './billing-format';
import { CancelOption } from './cancel-option';

/**
 * SPEC "Billing": a collapsible section with the two ways to cancel. Once the subscription
 * is set to end with its period, only ending it now is left.
 */
interface CancelSubscriptionCardProps {
  paid: BillingSubscription;
  /** Called once cancelled: the button used is about to go, so the page decides where focus goes. */
  onCancelled: () => void;
}

export function CancelSubscriptionCard({ paid, onCancelled }: CancelSubscriptionCardProps) {
  const titleId = useId();
  const optionsId = useId();
  const [open, setOpen] = useState(false);
  const trialing = paid.status === 'trialing';
  const cancel = useCancelSubscription(trialing);
  const periodEnd = formatEpochDate(paid.current_period_end);
  const pendingWhich = cancel.isPending ? (cancel.variables ? 'now' : 'later') : null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle id={titleId}>Cancel Subscription</CardTitle>
          <CardDescription>
            {paid.cancel_at_period_end
              ? `Your subscription ends on ${periodEnd}. Nothing more will be charged.`
              : trialing
                ? `Nothing has been charged yet. Cancel before ${periodEnd} and nothing will be.`
                : 'You can stop paying at any time. Your data stays either way.'}
          </CardDescription>
        </div>
        <Button variant="ghost" aria-expanded={open} aria-controls={optionsId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Cancel Options' : 'Show Cancel Options'}
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        </Button>
      </CardHeader>
      <CardContent id={optionsId} hidden={!open}>
        <ul className="space-y-4">
          {paid.cancel_at_period_end ? null : (
            <CancelOption
              title="Cancel at the end of the billing period"
              recommended
              actionLabel="Cancel at Period End"
              confirmTitle="Cancel at the end of this period?"
              confirmText={`${PRO_PLAN_NAME} stays on until ${periodEnd}, the end of the period you have paid for. Then your account returns to the Free plan and keeps all its data. You will not be charged again.`}
              pending={pendingWhich === 'later'}
              disabled={cancel.isPending}
              onConfirm={() => cancel.mutate(false, { onSuccess: onCancelled })}
            >
              Keep {PRO_PLAN_NAME} until {periodEnd}, then return to the Free plan. You will not be charged again.
            </CancelOption>
          )}
          <CancelOption
            title="Cancel immediately"
            actionLabel="Cancel Immediately"
            confirmTitle="Cancel your subscription now?"
            confirmText={
              trialing
                ? `Your subscription ends now and nothing is charged. Your free trial of ${PRO_PLAN_NAME} goes on until ${periodEnd}; then your account returns to the Free plan and keeps all its data.`
                : `${PRO_PLAN_NAME} ends now and your account returns to the Free plan at once: 1 property and 1 scheduled inspection at a time, no e-mail reminders and no new PDF reports. All your properties, inspections and reports stay. You will not be charged again.`
            }
            pending={pendingWhich === 'now'}
            disabled={cancel.isPending}
            onConfirm={() => cancel.mutate(true, { onSuccess: onCancelled })}
          >
            {trialing
              ? `Nothing is charged, and your free trial goes on until ${periodEnd}.`
              : `${PRO_PLAN_NAME} ends now and your account returns to the Free plan at once. Your data stays.`}
          </CancelOption>
        </ul>
      </CardContent>
    </Card>
  );
}
