import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@shared/schemas/api-token';
import { api } from '@/lib/api';

export const API_TOKENS_KEY = ['/api/tokens'] as const;

/** A revocation also stops the webhooks and ends the calendar link the tokens made: those lists change too. */
export const invalidateWhatTokensMade = (queryClient: QueryClient) =>
  Promise.all([API_TOKENS_KEY, ['/api/webhooks'], ['/api/calendar-feed']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useApiTokens() {
  return useQuery<ApiToken[]>({ queryKey: API_TOKENS_KEY });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => api.post<CreatedApiToken>('/api/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/tokens/${id}`),
    onSuccess: () => invalidateWhatTokensMade(queryClient),
  });
}
