import { keepPreviousData, useInfiniteQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReportSort } from '@shared/enums';
import type { Report } from '@shared/schemas/report';
import { apiGetList, nextPageOffset, queryString } from '@/lib/api';
import { propertyReportsKey } from '@/features/properties/api/property-queries';
import { refetchAfterChange } from '@/lib/query-client';

/** Every cross-property report list lives under this prefix. */
export const REPORTS_KEY = ['/api/reports'] as const;

export interface ReportListFilters {
  q?: string;
  propertyId?: number;
  sort?: ReportSort;
}

/**
 * A report list's key. One property's reports sit under that property's key, so a change to
 * the property (a rename, a delete) refreshes them with the rest of its queries.
 */
export function reportListKey(filters: ReportListFilters, pageSize: number, propertyId?: number): QueryKey {
  if (propertyId !== undefined) return [...propertyReportsKey(propertyId), 'list', { ...filters, pageSize }];
  return [...REPORTS_KEY, 'list', { ...filters, pageSize }];
}

function reportListUrl(filters: ReportListFilters, limit: number, offset: number, propertyId?: number): string {
  const base = propertyId !== undefined ? `/api/properties/${propertyId}/reports` : '/api/reports';
  return `${base}${queryString({ ...filters, limit, offset })}`;
}

/**
 * A paged, server-filtered list of reports (DECISIONS "Lists"): every report of the account,
 * or one property's with `propertyId`. The first page at once, more with fetchNextPage.
 */
export function useReportPages(filters: ReportListFilters, pageSize: number, propertyId?: number) {
  const query = useInfiniteQuery({
    queryKey: reportListKey(filters, pageSize, propertyId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiGetList<Report>(reportListUrl(filters, pageSize, pageParam, propertyId), signal),
    getNextPageParam: nextPageOffset,
    // New filters keep the old rows on screen (dimmed) until their answer arrives.
    placeholderData: keepPreviousData,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}

export type ReportPages = ReturnType<typeof useReportPages>;

/** SPEC 7: a new report refreshes the property's reports, and the list across properties. */
export function refreshAfterReportGenerated(queryClient: QueryClient, propertyId: number): Promise<void> {
  return refetchAfterChange(queryClient, [{ queryKey: REPORTS_KEY }, { queryKey: propertyReportsKey(propertyId) }]);
}
