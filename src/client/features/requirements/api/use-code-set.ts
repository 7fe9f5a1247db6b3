import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeSet } from '@shared/code-sets';
import type { CodeSetChange } from '@shared/schemas/code-set';
import { api } from '@/lib/api';
import { refreshAfterPropertyChange } from '@/features/properties/api/property-queries';
import { refreshAfterRequirementChange } from './requirement-queries';

/** What changing the property's code set would do; changes nothing. */
export function useCodeSetPreview(propertyId: number) {
  return useMutation({
    mutationFn: (codeSet: CodeSet) => api.post<CodeSetChange>(`/api/properties/${propertyId}/code-set/preview`, { codeSet }),
  });
}

/** Changes the property's code set: its requirements, items, status and lists follow. */
export function useChangeCodeSet(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeSet: CodeSet) => api.put<CodeSetChange>(`/api/properties/${propertyId}/code-set`, { codeSet }),
    onSettled: () => Promise.all([refreshAfterRequirementChange(queryClient), refreshAfterPropertyChange(queryClient)]),
  });
}
