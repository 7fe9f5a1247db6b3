import { useQuery } from '@tanstack/react-query';
import type { LibraryRequirement } from '@shared/schemas/requirement';
import { api } from '@/lib/api';
import { REQUIREMENT_LIBRARY_KEY } from './requirement-queries';

/** The default schedule: it changes only with a release, so it is read once. */
export function useRequirementLibrary() {
  return useQuery({
    queryKey: REQUIREMENT_LIBRARY_KEY,
    queryFn: ({ signal }) => api.get<LibraryRequirement[]>('/api/requirements/library', signal),
    staleTime: Infinity,
  });
}
