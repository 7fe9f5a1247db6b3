import { useQuery } from '@tanstack/react-query';
import type { Property } from '@shared/schemas/property';
import { fetchProperty, propertyKey } from './property-queries';

/** One property with its compliance items; a 404 (missing or not yours) is not retried. */
export function useProperty(id: number | undefined) {
  return useQuery<Property>({
    queryKey: propertyKey(id ?? 0),
    queryFn: ({ signal }) => fetchProperty(id!, signal),
    enabled: id !== undefined,
  });
}
