import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HistoryPage, HistoryPerson } from '@shared/schemas/history';
import { api, queryString } from '@/lib/api';
import { PROPERTIES_KEY } from '@/features/properties/api/property-queries';

/** The organisation's history lives under this prefix; a property's under the property's key, so any change to it refreshes its history. */
export const ORGANIZATION_HISTORY_KEY = ['/api/organizations/current/history'] as const;
export const propertyHistoryKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'history'] as const;

export interface HistoryFilters {
  userId?: number;
  propertyId?: number;
  kind?: string;
  from?: string;
  to?: string;
}

const nextBefore = (last: HistoryPage) => last.nextBefore ?? undefined;

function useHistoryPages(key: readonly unknown[], url: (before: number | undefined) => string) {
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => api.get<HistoryPage>(url(pageParam), signal),
    getNextPageParam: nextBefore,
    // New filters keep the old events on screen until their answer arrives.
    placeholderData: keepPreviousData,
    // Any change anywhere adds to it: asked again each time it is shown, not kept as fresh for minutes.
    staleTime: 0,
  });
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  return { ...query, events };
}

/** A property's events, newest first, 50 at a time ("Load more"). */
export function usePropertyHistory(propertyId: number) {
  return useHistoryPages(propertyHistoryKey(propertyId), (before) => `/api/properties/${propertyId}/history${queryString({ before })}`);
}

/** The organisation's events, filtered, newest first. */
export function useOrganizationHistory(filters: HistoryFilters) {
  return useHistoryPages([...ORGANIZATION_HISTORY_KEY, filters], (before) => `/api/organizations/current/history${queryString({ ...filters, before })}`);
}

/** The address of the CSV of the organisation's history with these filters (a download link). */
export function organizationHistoryCsvUrl(filters: HistoryFilters): string {
  return `/api/organizations/current/history.csv${queryString({ ...filters })}`;
}

/** Everyone who made a change, for the person filter. */
export function useHistoryPeople() {
  return useQuery({
    queryKey: [...ORGANIZATION_HISTORY_KEY, 'people'],
    queryFn: ({ signal }) => api.get<HistoryPerson[]>('/api/organizations/current/history/people', signal),
  });
}

export type HistoryPages = ReturnType<typeof usePropertyHistory>;
