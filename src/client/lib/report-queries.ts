import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ERROR_CODES } from '@shared/api-error';
import type { Report, ReportSort } from '@shared/schemas/report';
import { toast } from '@/components/ui/use-toast';
import { api, apiGetList, isApiError, queryString, type ListPage } from './api';
import { propertyReportsKey } from './property-queries';
import { refetchAfterChange } from './query-client';
import { SUBSCRIPTION_STATUS_KEY } from './use-subscription';

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
    getNextPageParam: (last: ListPage<Report>, pages: ListPage<Report>[]) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
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

export const MISSING_PROPERTY_MESSAGE = 'Property ID is required to generate a report.';

function isPremiumRequired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.body?.code === ERROR_CODES.premiumRequired || error.message.includes(ERROR_CODES.premiumRequired);
}

/** SPEC 8, "Reports": the words of each failure. */
function toastGenerateError(error: unknown): void {
  if (isPremiumRequired(error)) {
    toast({
      variant: 'destructive',
      title: 'Premium Feature Required',
      description: 'requires an active subscription. Please upgrade to continue',
    });
  } else if (isApiError(error) && error.fieldErrors.propertyId?.length) {
    toast({ variant: 'destructive', title: 'Error', description: MISSING_PROPERTY_MESSAGE });
  } else {
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate report. Please try again.' });
  }
}

/**
 * Generates a property's fire-safety PDF (Pro only). The new report is the mutation's data,
 * so the screen can offer its download at once.
 */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (propertyId: number) => api.post<Report>('/api/reports', { propertyId, reportType: 'fire_safety' }),
    onSuccess: (report) => {
      toast({ title: 'Report Generated', description: 'Fire safety compliance report has been generated successfully' });
      void refreshAfterReportGenerated(queryClient, report.propertyId);
    },
    onError: (error) => {
      toastGenerateError(error);
      // The plan has ended elsewhere: the screens fall back to the upgrade prompts.
      if (isPremiumRequired(error)) void refetchAfterChange(queryClient, [{ queryKey: SUBSCRIPTION_STATUS_KEY }]);
    },
  });

  /** Generates for the property, or says which one is missing (SPEC 8) without asking the server. */
  const generate = (propertyId: number | undefined): boolean => {
    if (!propertyId) {
      toast({ variant: 'destructive', title: 'Error', description: MISSING_PROPERTY_MESSAGE });
      return false;
    }
    mutation.mutate(propertyId);
    return true;
  };

  return { ...mutation, generate };
}
