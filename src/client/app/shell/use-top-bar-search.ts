import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import type { Property } from '@shared/schemas/property';
import { apiGetList, queryString, type ListPage } from '@/lib/api';
import { INSPECTIONS_KEY } from '@/features/inspections/api/inspection-queries';
import { PROPERTIES_KEY } from '@/features/properties/api/property-queries';

/** How long typing must pause before the top bar searches. */
export const SEARCH_DELAY_MS = 250;
/** Shorter terms match too much to be useful. */
export const MIN_SEARCH_LENGTH = 2;
/** How many of each kind the results panel shows. */
export const SEARCH_LIMIT = 5;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

// Under the usual prefixes, so that a change to a property or an inspection refreshes these
// results too; the optimistic list updaters do not recognise the 'search' keys.
const propertySearchKey = (q: string) => [...PROPERTIES_KEY, 'search', { q, limit: SEARCH_LIMIT }] as const;
const inspectionSearchKey = (q: string) => [...INSPECTIONS_KEY, 'search', { q, limit: SEARCH_LIMIT }] as const;

/** A page of results with the term it answers (shown results may still be the last term's). */
export type SearchPage<T> = ListPage<T> & { q: string };

export interface TopBarSearch {
  /** Whether the settled term is long enough to search. */
  active: boolean;
  properties: SearchPage<Property> | undefined;
  inspections: SearchPage<Inspection> | undefined;
  /** Nothing to show yet for this term. */
  loading: boolean;
  /** Results are shown, but newer ones for the latest term are on their way. */
  refreshing: boolean;
  /** Either search failed and there is nothing to show for it. */
  failed: boolean;
  retry: () => void;
}

/**
 * Properties (name and address) and inspections (property name and assignee) matching what
 * is typed into the top bar, once typing pauses.
 */
export function useTopBarSearch(input: string): TopBarSearch {
  const settled = useDebouncedValue(input.trim(), SEARCH_DELAY_MS);
  const active = settled.length >= MIN_SEARCH_LENGTH;

  const properties = useQuery({
    queryKey: propertySearchKey(settled),
    queryFn: async ({ signal }) => ({
      ...(await apiGetList<Property>(`/api/properties${queryString({ q: settled, limit: SEARCH_LIMIT })}`, signal)),
      q: settled,
    }),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  const inspections = useQuery({
    queryKey: inspectionSearchKey(settled),
    queryFn: async ({ signal }) => ({
      ...(await apiGetList<Inspection>(`/api/inspections${queryString({ q: settled, limit: SEARCH_LIMIT, sort: 'due_asc' })}`, signal)),
      q: settled,
    }),
    enabled: active,
    placeholderData: keepPreviousData,
  });

  const both = [properties, inspections];
  const hasData = both.every((query) => query.data !== undefined);
  const failed = both.some((query) => query.isError && !query.isFetching && query.data === undefined);

  return {
    active,
    properties: properties.data,
    inspections: inspections.data,
    loading: active && !hasData && !failed,
    refreshing: active && hasData && both.some((query) => query.isPlaceholderData),
    failed: active && failed,
    retry: () => {
      for (const query of both) if (query.isError) void query.refetch();
    },
  };
}
