import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { apiGetList, nextPageOffset } from '@/lib/api';
import {
  inspectionListKey,
  inspectionListUrl,
  type InspectionListParams,
  type InspectionScope,
} from './inspection-queries';

/** The query of an inspection list page by page: what the hook reads and a first load prefetches. */
export function inspectionListOptions(scope: InspectionScope, params: InspectionListParams, pageSize = 25) {
  return infiniteQueryOptions({
    queryKey: inspectionListKey(scope, { ...params, limit: pageSize }),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiGetList<Inspection>(inspectionListUrl(scope, { ...params, limit: pageSize, offset: pageParam }), signal),
    getNextPageParam: nextPageOffset,
  });
}

/**
 * A paged, server-filtered list of inspections (DECISIONS "Lists"): the first page at once,
 * more with fetchNextPage ("Load more"); nothing downloads a whole portfolio.
 */
export function useInspectionList(scope: InspectionScope, params: InspectionListParams, pageSize = 25, enabled = true) {
  const query = useInfiniteQuery({
    ...inspectionListOptions(scope, params, pageSize),
    // New filters keep the old rows on screen (dimmed) until their answer arrives.
    placeholderData: keepPreviousData,
    enabled,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}
