import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import { PRO_PLAN_NAME } from '@shared/plans';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import type { CancelResult } from './billing-types';
import { cancelErrorMessage } from './cancel-errors';
import { refreshAfterPlanChange } from './refresh-after-plan-change';

/**
 * Ends the subscription now (`immediate`) or at the end of the period already paid for.
 * During a trial with a saved card, ending it now leaves the rest of the free trial.
 */
export function useCancelSubscription(trialing = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (immediate: boolean) => api.post<CancelResult>('/api/stripe/cancel-subscription', { immediate }),
    // A second try after a lost answer would only report "already cancelled".
    retry: false,
    onSuccess: (result) => {
      void refreshAfterPlanChange(queryClient);
      toast({
        title: 'Subscription Cancelled',
        description: result.immediate
          ? trialing
            ? `Nothing was charged. Your free trial of ${PRO_PLAN_NAME} goes on until it ends.`
            : 'Your account is on the Free plan now. All your data stays.'
          : `${PRO_PLAN_NAME} stays on until ${formatDate(new Date(result.current_period_end * 1000))}. You will not be charged again.`,
      });
    },
    onError: (error) => {
      // The page was out of date (cancelled elsewhere, say): show how things are now.
      void refreshAfterPlanChange(queryClient);
      toast({ variant: 'destructive', title: 'Cancellation Failed', description: cancelErrorMessage(error) });
    },
  });
}
