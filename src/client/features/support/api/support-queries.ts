import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportRequest, SupportRequestValues } from '@shared/schemas/support';
import { api, apiGetList, nextPageOffset, queryString, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export const SUPPORT_REQUESTS_KEY = ['/api/support/requests'] as const;
const PAGE_SIZE = 10;

/** The account's requests, newest first, ten at a time. */
export function useSupportRequests() {
  return useInfiniteQuery({
    queryKey: SUPPORT_REQUESTS_KEY,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiGetList<SupportRequest>(`/api/support/requests${queryString({ limit: PAGE_SIZE, offset: pageParam })}`, signal),
    getNextPageParam: nextPageOffset,
  });
}

export function useSubmitSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SupportRequestValues) => api.post<SupportRequest>('/api/support/submit', values),
    onSuccess: () => {
      toast({
        title: 'Support request submitted',
        description: "We'll respond within 1 business day. Check your email for confirmation.",
      });
      void queryClient.invalidateQueries({ queryKey: SUPPORT_REQUESTS_KEY });
    },
    onError: (error) => {
      // SPEC 8: the server's message (a field problem, or "try again in ...") or the fallback.
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to submit support request') });
    },
  });
}
