import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { DEFICIENCY_SEVERITIES, type DeficiencySeverity } from '@shared/records';
import type { PortfolioDeficiency } from '@shared/schemas/deficiency';
import { apiGetList, nextPageOffset, queryString } from '@/lib/api';
import { recordIdFromUrl } from '@/lib/record-id';
import { oneOf } from '@/lib/use-url-params';
import { chosenPropertiesParam, chosenPropertyIds } from '@/lib/chosen-properties';

// Spelled out rather than imported from the shared schemas, so the page's download holds no zod.
export const DEFICIENCY_STATUSES = ['open', 'corrected', 'all'] as const;
export const DEFICIENCY_AGES = ['0-30', '31-90', '90+'] as const;
export type DeficiencyStatus = (typeof DEFICIENCY_STATUSES)[number];
export type DeficiencyAge = (typeof DEFICIENCY_AGES)[number];

export const DEFICIENCIES_PAGE_SIZE = 20;

export interface DeficiencyListFilters {
  status: DeficiencyStatus;
  severity?: DeficiencySeverity;
  age?: DeficiencyAge;
  propertyId?: number;
  /** Only these properties, "3,7" (an Insight link's choice, lib/chosen-properties.ts). */
  propertyIds?: string;
}

/** The list's filters as the URL holds them (?status=&severity=&age=&propertyId=&propertyIds=); open by default. */
export function deficiencyFiltersFromUrl(params: URLSearchParams): DeficiencyListFilters {
  return {
    status: oneOf(DEFICIENCY_STATUSES, params.get('status')) ?? 'open',
    severity: oneOf(DEFICIENCY_SEVERITIES, params.get('severity')),
    // "90+" typed into an address arrives as "90 ".
    age: oneOf(DEFICIENCY_AGES, params.get('age')?.replace(/^90 $/, '90+') ?? null),
    propertyId: recordIdFromUrl(params.get('propertyId') ?? undefined),
    propertyIds: chosenPropertiesParam(chosenPropertyIds(params)),
  };
}

export const DEFICIENCY_LIST_KEY = ['/api/deficiencies'] as const;

export function deficiencyListOptions(filters: DeficiencyListFilters) {
  return infiniteQueryOptions({
    queryKey: [...DEFICIENCY_LIST_KEY, filters],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiGetList<PortfolioDeficiency>(`/api/deficiencies${queryString({ ...filters, limit: DEFICIENCIES_PAGE_SIZE, offset: pageParam })}`, signal),
    getNextPageParam: nextPageOffset,
  });
}

/** Asks for the list's first page as the page's code downloads. */
export function prefetchDeficiencyList(client: QueryClient, params: URLSearchParams): Promise<void> {
  return client.prefetchInfiniteQuery(deficiencyListOptions(deficiencyFiltersFromUrl(params)));
}

/** The list's rows, a page at a time ("Load more"), filtered on the server. */
export function useDeficiencyList(filters: DeficiencyListFilters) {
  return useInfiniteQuery({ ...deficiencyListOptions(filters), placeholderData: keepPreviousData });
}
