import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import type { HistoryRequirement, LastDoneEntry } from '@shared/schemas/inspection-history';
import { apiGetList, nextPageOffset, queryString, type ListPage } from '@/lib/api';
import { recordIdFromUrl } from '@/lib/record-id';
import { oneOf } from '@/lib/use-url-params';

export const LAST_DONE_KEY = ['/api/requirements/last-done'] as const;
/** Rows asked for at a time: a 100-property portfolio holds about 900 requirements. */
export const LAST_DONE_PAGE_SIZE = 200;

export interface LastDoneFilters {
  q?: string;
  type?: InspectionType;
  propertyId?: number;
}

/** The grid's filters as the URL holds them (?q=&type=&propertyId=). */
export function lastDoneFiltersFromUrl(params: URLSearchParams): LastDoneFilters {
  return {
    q: params.get('q')?.trim() || undefined,
    type: oneOf(INSPECTION_TYPES, params.get('type')),
    propertyId: recordIdFromUrl(params.get('propertyId') ?? undefined),
  };
}

export const lastDoneKey = (filters: LastDoneFilters) => [...LAST_DONE_KEY, filters] as const;
type LastDoneData = InfiniteData<ListPage<LastDoneEntry>, number>;

export function lastDoneOptions(filters: LastDoneFilters) {
  return infiniteQueryOptions({
    queryKey: lastDoneKey(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiGetList<LastDoneEntry>(`/api/requirements/last-done${queryString({ ...filters, limit: LAST_DONE_PAGE_SIZE, offset: pageParam })}`, signal),
    getNextPageParam: nextPageOffset,
  });
}

/** Asks for the grid's first page as the page's code downloads. */
export function prefetchLastDone(client: QueryClient, params: URLSearchParams): Promise<void> {
  return client.prefetchInfiniteQuery(lastDoneOptions(lastDoneFiltersFromUrl(params)));
}

/** The grid's rows, a page at a time ("Load more"), filtered on the server. */
export function useLastDone(filters: LastDoneFilters) {
  return useInfiniteQuery({ ...lastDoneOptions(filters), placeholderData: keepPreviousData });
}

/** Puts a saved requirement's new dates into every loaded page of the grid, whatever its filters. */
export function showSavedRequirement(queryClient: QueryClient, saved: HistoryRequirement): void {
  for (const [key, data] of queryClient.getQueriesData<LastDoneData>({ queryKey: LAST_DONE_KEY })) {
    if (!data?.pages) continue;
    queryClient.setQueryData<LastDoneData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((entry) =>
          entry.requirementId === saved.requirementId
            ? {
                ...entry,
                lastDoneOn: saved.lastDoneOn,
                lastResult: saved.lastResult,
                lastDoneKnown: saved.lastDoneKnown,
                nextDueDate: saved.nextDueDate,
                // A recorded result counts the next due date from a known day: no longer a guess.
                nextDueEstimated: saved.lastDoneKnown ? false : entry.nextDueEstimated,
              }
            : entry,
        ),
      })),
    });
  }
}
