import { useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { apiGetList, isApiError } from '@/lib/api';
import { propertyInspectionsKey } from '@/lib/property-queries';

const PAGE_SIZE = 100;

/** The property's inspections, soonest due first (the first 100; the total says if there are more). */
export function usePropertyInspections(propertyId: number) {
  return useQuery({
    queryKey: propertyInspectionsKey(propertyId),
    queryFn: async ({ signal }) => {
      try {
        return await apiGetList<Inspection>(`/api/properties/${propertyId}/inspections?limit=${PAGE_SIZE}`, signal);
      } catch (error) {
        // Until the inspections API is deployed, the route answers 404: there are none to show.
        if (isApiError(error) && error.status === 404) return { items: [], total: 0 };
        throw error;
      }
    },
  });
}
