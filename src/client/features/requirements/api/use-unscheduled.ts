import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UnscheduledRequirement } from '@shared/schemas/requirement';
import { apiGetList } from '@/lib/api';
import { unscheduledKey, unscheduledUrl, type UnscheduledParams } from './requirement-queries';

/** Requirements due with no open inspection (or, with from/to, due in that range with none): one page. */
export function useUnscheduled(params: UnscheduledParams, enabled = true) {
  return useQuery({
    queryKey: unscheduledKey(params),
    queryFn: ({ signal }) => apiGetList<UnscheduledRequirement>(unscheduledUrl(params), signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
