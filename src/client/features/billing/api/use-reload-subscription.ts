import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';

/** Asks for the plan again after a failed read; useSubscription itself never retries. */
export function useReloadSubscription() {
  const queryClient = useQueryClient();
  const reloading = useIsFetching({ queryKey: SUBSCRIPTION_STATUS_KEY }) > 0;
  const reload = () => void queryClient.refetchQueries({ queryKey: SUBSCRIPTION_STATUS_KEY });
  return { reload, reloading };
}
