import { useQuery } from '@tanstack/react-query';
import type { ReportVerification } from '@shared/schemas/verification';
import { api, isApiError } from '@/lib/api';

/** The public record of one report; a 404 is an answer (unknown link), not a retry. */
export function useVerification(id: string) {
  return useQuery({
    queryKey: ['/api/verify', id],
    queryFn: ({ signal }) => api.get<ReportVerification>(`/api/verify/${encodeURIComponent(id)}`, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}
