import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Requirement } from '@shared/schemas/requirement';
import { api } from '@/lib/api';
import { propertyRequirementsKey } from './requirement-queries';

export const propertyRequirementsOptions = (propertyId: number) =>
  queryOptions({
    queryKey: propertyRequirementsKey(propertyId),
    queryFn: ({ signal }) => api.get<Requirement[]>(`/api/properties/${propertyId}/requirements`, signal),
  });

/** A property's requirements with their changes; off while no property is chosen. */
export function usePropertyRequirements(propertyId: number | undefined) {
  return useQuery({ ...propertyRequirementsOptions(propertyId ?? 0), enabled: propertyId !== undefined });
}
