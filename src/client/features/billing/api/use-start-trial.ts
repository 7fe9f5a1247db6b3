import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import { PRO_PLAN_NAME } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscription';
import { api, isApiError, serverMessage } from '@/lib/api';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';
import { toast } from '@/components/ui/use-toast';

const FAILED = 'Failed to start your trial. Please try again.';

/**
 * Starts the account's one 30-day Pro trial (DECISIONS "Plans and limits"). `onStarted` runs
 * here rather than as a mutate() callback, which would be dropped when the new plan
 * removes the component that started the trial.
 */
export function useStartTrial(onStarted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SubscriptionStatus>('/api/subscription/trial', {}),
    onSuccess: (status) => {
      // The answer is the new status: show it at once rather than after the refetch.
      queryClient.setQueryData(SUBSCRIPTION_STATUS_KEY, status);
      // Limits, the free-plan banner, the dashboard and the lists all follow the plan.
      void queryClient.invalidateQueries();
      onStarted?.();
      toast({ title: 'Pro Trial Started', description: `${PRO_PLAN_NAME} is yours until ${formatDate(status.proUntil)}.` });
    },
    onError: (error) => {
      // A 409 means this page was out of date (the trial was used, or Pro arrived in another
      // tab): say why, since trying again cannot help, and fetch the plan as it is now.
      const conflict = isApiError(error) && error.status === 409;
      if (conflict) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY });
      toast({ variant: 'destructive', title: 'Error', description: conflict ? serverMessage(error, FAILED) : FAILED });
    },
  });
}
