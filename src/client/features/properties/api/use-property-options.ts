import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Property } from '@shared/schemas/property';
import { apiGetList, queryString } from '@/lib/api';
import { PROPERTIES_KEY } from './property-queries';

/** The most names a property select lists (the server's largest page); beyond it a search narrows them. */
export const PROPERTY_OPTION_LIMIT = 500;

export interface PropertyOption {
  id: number;
  name: string;
}

/**
 * The account's property names A-Z for every select that picks a property (the schedule form,
 * the reports' filter and Generate New Report), narrowed by a search term when there are more
 * than one select can list. Selects on one page ask with the same key, so it downloads once.
 */
export function usePropertyOptions(q = '', enabled = true) {
  const query = useQuery({
    queryKey: [...PROPERTIES_KEY, 'options', { q }],
    queryFn: async ({ signal }) => {
      const page = await apiGetList<Property>(
        `/api/properties${queryString({ q: q || undefined, sort: 'name_asc', limit: PROPERTY_OPTION_LIMIT })}`,
        signal,
      );
      return { items: page.items.map(({ id, name }): PropertyOption => ({ id, name })), total: page.total };
    },
    // A new search term keeps the last names in the select until its own arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
  const options = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return {
    options,
    total,
    /** More properties than one select can list. */
    truncated: options.length < total,
    loaded: query.data !== undefined,
    isPending: query.isPending,
    /** Failed with nothing to show; a failed refresh keeps the names it has. */
    isError: query.isError && query.data === undefined,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

export type PropertyOptions = ReturnType<typeof usePropertyOptions>;
