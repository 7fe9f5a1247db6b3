import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Property } from '@shared/schemas/property';
import { apiGetList, queryString } from '@/lib/api';
import { fetchProperty, PROPERTIES_KEY, propertyKey } from '@/features/properties/api/property-queries';

/** The most names the property select lists; beyond it the form offers a search. */
export const PROPERTY_OPTION_LIMIT = 500;

export interface PropertyOption {
  id: number;
  name: string;
}

/** Names for the schedule form's property select, A-Z, narrowed by a search term when there are many. */
export function usePropertyOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: [...PROPERTIES_KEY, 'options', { q }],
    queryFn: async ({ signal }) => {
      const page = await apiGetList<Property>(
        `/api/properties${queryString({ q: q || undefined, sort: 'name_asc', limit: PROPERTY_OPTION_LIMIT })}`,
        signal,
      );
      return { items: page.items.map((p): PropertyOption => ({ id: p.id, name: p.name })), total: page.total };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The property a ?propertyId= link preselects. */
export function usePropertyForSchedule(id: number | undefined) {
  return useQuery({
    queryKey: propertyKey(id ?? 0),
    queryFn: ({ signal }) => fetchProperty(id!, signal),
    enabled: id !== undefined,
  });
}
