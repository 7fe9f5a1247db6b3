import { QueryClient, type QueryFilters } from '@tanstack/react-query';
import { defaultQueryFn } from './api';

const MINUTE = 60_000;

// SPEC 8: the retry rules look at the error text, so "<status>: ..." must stay in the message.
function shouldRetryQuery(failureCount: number, error: Error): boolean {
  if (/401|403|404/.test(error.message)) return false;
  return failureCount < 2;
}

function shouldRetryMutation(failureCount: number, error: Error): boolean {
  if (error.message.includes('4')) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 3000),
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: 1000,
      },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Refreshes these queries after a change has been saved. A read that is still in flight may
 * have been answered before the change, and TanStack Query joins a refetch to a first fetch
 * (one without data yet) instead of replacing it; so in-flight reads are cancelled first and
 * every query is read again from scratch.
 */
export async function refetchAfterChange(client: QueryClient, filters: QueryFilters[]): Promise<void> {
  await Promise.all(filters.map((filter) => client.cancelQueries(filter)));
  await Promise.all(filters.map((filter) => client.invalidateQueries(filter)));
}
