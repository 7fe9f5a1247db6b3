import { useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { api, isApiError } from '@/lib/api';

export const UPCOMING_LIMIT = 5;

/** Open inspections due within 30 days, overdue ones included, soonest first (DECISIONS). */
export function useUpcomingInspections() {
  return useQuery({
    queryKey: ['/api/inspections/upcoming', { limit: UPCOMING_LIMIT }],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Inspection[]>(`/api/inspections/upcoming?limit=${UPCOMING_LIMIT}`, signal);
      } catch (error) {
        // Until the inspections API is deployed the route answers 404: nothing is upcoming.
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });
}
