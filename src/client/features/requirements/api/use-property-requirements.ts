import { useQuery } from '@tanstack/react-query';
import type { Requirement } from '@shared/schemas/requirement';
import { api } from '@/lib/api';
import { propertyRequirementsKey } from './requirement-queries';

/** A property's requirements with their changes; off while no property is chosen. */
export function usePropertyRequirements(propertyId: number | undefined) {
  return useQuery({
    queryKey: propertyRequirementsKey(propertyId ?? 0),
    queryFn: ({ signal }) => api.get<Requirement[]>(`/api/properties/${propertyId}/requirements`, signal),
    enabled: propertyId !== undefined,
  });
}
