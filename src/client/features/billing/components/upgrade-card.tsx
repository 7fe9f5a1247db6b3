import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { PRO_PLAN_NAME } from '@shared/plans';
import { isApiError, serverMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { refreshAfterPlanChange } from '../api/refresh-after-plan-change';
import { useCreateSubscription } from '../api/use-create-subscription';
import { PaymentForm } from './payment-form';
import { ProFeatureList } from './pro-features';

const CREATE_FAILED = 'Failed to create subscription. Please try again.';

interface UpgradeCardProps {
  /** On the trial, the card speaks of keeping Pro rather than getting it. */
  onTrial: boolean;
  /** The trial offer above already lists what Pro includes. */
  showFeatures: boolean;
  /** Reports whether the payment form is open, so the page keeps it while the plan changes under it. */
  onOpenChange: (open: boolean) => void;
}

/** SPEC "Billing", non-subscribers: 'Upgrade to Pro - $29/month' opens the embedded payment form. */
export function UpgradeCard({ onTrial, showFeatures, onOpenChange }: UpgradeCardProps) {
  const titleId = useId();
  const formTitleId = useId();
  const queryClient = useQueryClient();
  const create = useCreateSubscription();
  const [open, setOpen] = useState(false);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const upgradeButton = useRef<HTMLButtonElement>(null);
  // Where focus goes after the form opens or closes, since the control that was used is gone.
  const [focusTarget, setFocusTarget] = useState<'form' | 'button' | null>(null);

  useEffect(() => {
    if (focusTarget === 'form') formTitle.current?.focus();
    if (focusTarget === 'button') upgradeButton.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  const createSubscription = () =>
    create.mutate(undefined, {
      onError: (error) => {
        const conflict = isApiError(error) && error.status === 409;
        toast({ variant: 'destructive', title: 'Subscription Error', description: conflict ? serverMessage(error, CREATE_FAILED) : CREATE_FAILED });
        if (conflict) {
          // Already subscribed (in another tab, say): close the form and show the plan as it is.
          setOpen(false);
          onOpenChange(false);
          void refreshAfterPlanChange(queryClient);
        }
      },
    });

  const openForm = () => {
    setOpen(true);
    onOpenChange(true);
    setFocusTarget('form');
    createSubscription();
  };

  const closeForm = () => {
    setOpen(false);
    onOpenChange(false);
    create.reset();
    setFocusTarget('button');
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CreditCard aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId}>Upgrade to {PRO_PLAN_NAME}</CardTitle>
        <CardDescription>
          {onTrial
            ? `Keep everything in ${PRO_PLAN_NAME} after your trial for $29 USD a month. Cancel anytime.`
            : `$29 USD a month, paid by card. Cancel anytime.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {open ? (
          <PaymentForm
            created={create.data}
            loading={create.isPending}
            loadFailed={create.isError}
            onRetryLoad={createSubscription}
            onClose={closeForm}
            titleRef={formTitle}
            titleId={formTitleId}
          />
        ) : (
          <>
            {showFeatures ? <ProFeatureList /> : null}
            <Button ref={upgradeButton} size="lg" className="w-full sm:w-auto" onClick={openForm}>
              Upgrade to Pro - $29/month
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
