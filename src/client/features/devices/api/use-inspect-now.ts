import { useMutation } from '@tanstack/react-query';
import type { WalkthroughResponse } from '@shared/schemas/walkthrough';
import { api } from '@/lib/api';

/** Starts the walk of one activity at the device's property, or resumes its open one. */
export function useStartWalkthrough(propertyId: number) {
  return useMutation({
    mutationFn: (requirementId: number) => api.post<WalkthroughResponse>(`/api/properties/${propertyId}/walkthroughs`, { requirementId }),
  });
}
