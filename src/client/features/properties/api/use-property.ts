import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '@shared/schemas/property';
import { fetchProperty, propertyKey } from './property-queries';

export const propertyOptions = (id: number) =>
  queryOptions<Property>({ queryKey: propertyKey(id), queryFn: ({ signal }) => fetchProperty(id, signal) });

/** One property with its compliance items; a 404 (missing or not yours) is not retried. */
export function useProperty(id: number | undefined) {
  return useQuery({ ...propertyOptions(id ?? 0), enabled: id !== undefined });
}
