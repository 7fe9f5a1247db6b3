import type { QueryClient } from '@tanstack/react-query';
import { PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort, type PropertyStatus, type PropertyType } from '@shared/enums';
import { oneOf } from '@/lib/use-url-params';
import { chosenPropertiesParam, chosenPropertyIds } from '@/lib/chosen-properties';
import { propertyListOptions, type PropertyListFilters } from './property-queries';

/** The properties page's list: how many it shows at a time, and the sort it opens on. */
export const PROPERTIES_PAGE_SIZE = 24;
export const PROPERTIES_DEFAULT_SORT: PropertySort = 'created_desc';

/** SPEC 2: the compliance filter offers these three. */
export const PROPERTY_STATUS_FILTERS: { value: PropertyStatus; label: string }[] = [
  { value: 'compliant', label: 'Compliant' },
  { value: 'due_soon', label: 'Due Soon' },
  { value: 'non_compliant', label: 'Non-compliant' },
];

/** The list's filters as the page's URL chooses them, so the top bar's search (/properties?q=...) and links land on them. */
export function propertiesPageFilters(params: URLSearchParams): PropertyListFilters & { sort: PropertySort } {
  return {
    q: params.get('q')?.trim() || undefined,
    propertyType: oneOf<PropertyType>(PROPERTY_TYPES, params.get('type')),
    status: oneOf<PropertyStatus>(
      PROPERTY_STATUS_FILTERS.map((s) => s.value),
      params.get('status'),
    ),
    sort: oneOf<PropertySort>(PROPERTY_SORTS, params.get('sort')) ?? PROPERTIES_DEFAULT_SORT,
    propertyIds: chosenPropertiesParam(chosenPropertyIds(params)),
  };
}

/**
 * Asks for the list the page opens on while its code is still downloading, on a first load
 * or a navigation here (routes.tsx): the query the page reads, so it is asked for once and the first screen is drawn
 * with its cards. Resolves when it has answered (prefetches never reject).
 */
export function prefetchPropertiesPage(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  return client.prefetchInfiniteQuery(propertyListOptions(propertiesPageFilters(params), PROPERTIES_PAGE_SIZE));
}
