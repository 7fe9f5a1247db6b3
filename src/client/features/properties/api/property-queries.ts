import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { PropertySort, PropertyStatus, PropertyType } from '@shared/enums';
import type { Property } from '@shared/schemas/property';
import { api, apiGetList, nextPageOffset, queryString, type ListPage } from '@/lib/api';
import { refetchAfterChange } from '@/lib/query-client';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';

/**
 * Every property query lives under this prefix (lists, one property, its inspections and
 * reports), so that invalidating it refreshes whatever screen shows properties.
 */
export const PROPERTIES_KEY = ['/api/properties'] as const;
export const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;

export interface PropertyListFilters {
  q?: string;
  propertyType?: PropertyType;
  status?: PropertyStatus;
  sort?: PropertySort;
  /** Only these properties, "3,7" (an Insight link's choice, lib/chosen-properties.ts). */
  propertyIds?: string;
}

export const propertyListKey = (filters: PropertyListFilters, pageSize: number) =>
  [...PROPERTIES_KEY, 'list', { ...filters, pageSize }] as const;
export const propertyKey = (id: number) => [...PROPERTIES_KEY, id] as const;
export const propertyInspectionsKey = (id: number) => [...PROPERTIES_KEY, id, 'inspections'] as const;
export const propertyReportsKey = (id: number) => [...PROPERTIES_KEY, id, 'reports'] as const;

export type PropertyListData = InfiniteData<ListPage<Property>, number>;

export function isPropertyListKey(key: readonly unknown[]): boolean {
  return key[0] === PROPERTIES_KEY[0] && key[1] === 'list';
}

export function fetchProperty(id: number, signal?: AbortSignal): Promise<Property> {
  return api.get<Property>(`/api/properties/${id}`, signal);
}

/** The query of a property list page by page: what the hook reads and a first load prefetches. */
export function propertyListOptions(filters: PropertyListFilters, pageSize = 24) {
  return infiniteQueryOptions({
    queryKey: propertyListKey(filters, pageSize),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiGetList<Property>(`/api/properties${queryString({ ...filters, limit: pageSize, offset: pageParam })}`, signal),
    getNextPageParam: nextPageOffset,
  });
}

/**
 * A paged, server-filtered list of properties (DECISIONS "Lists"): the first page at once,
 * more with fetchNextPage; nothing downloads the whole portfolio.
 */
export function usePropertyList(filters: PropertyListFilters, pageSize = 24) {
  return useInfiniteQuery({
    ...propertyListOptions(filters, pageSize),
    // A new filter keeps the last results on screen until its own arrive, so nothing blinks.
    placeholderData: keepPreviousData,
  });
}

/**
 * SPEC 7: property changes refresh properties, dashboard stats, the property and the plan
 * usage; inspection lists too, since they show property names and lose a deleted
 * property's inspections.
 */
export function refreshAfterPropertyChange(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, [
    { queryKey: PROPERTIES_KEY },
    { queryKey: DASHBOARD_STATS_KEY },
    { queryKey: SUBSCRIPTION_STATUS_KEY },
    { predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/inspections') },
    // The cross-property report list shows property names and loses a deleted property's reports.
    { predicate: (query) => query.queryKey[0] === '/api/reports' },
  ]);
}

/** Ids below this come from the database; an optimistic stand-in uses Date.now() (SPEC 9). */
const MAX_DATABASE_ID = 2_147_483_647;
export const isTemporaryId = (id: number) => id > MAX_DATABASE_ID;
