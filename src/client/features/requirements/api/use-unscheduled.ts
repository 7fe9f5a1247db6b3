import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnscheduledRequirement } from '@shared/schemas/requirement';
import { apiGetList } from '@/lib/api';
import { unscheduledKey, unscheduledUrl, type UnscheduledParams } from './requirement-queries';

/** The query of one page of unscheduled requirements: what the hook reads and a first load prefetches. */
export function unscheduledOptions(params: UnscheduledParams) {
  return queryOptions({
    queryKey: unscheduledKey(params),
    queryFn: ({ signal }) => apiGetList<UnscheduledRequirement>(unscheduledUrl(params), signal),
  });
}

/** Requirements due with no open inspection (or, with from/to, due in that range with none): one page. */
export function useUnscheduled(params: UnscheduledParams, enabled = true) {
  return useQuery({
    ...unscheduledOptions(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
