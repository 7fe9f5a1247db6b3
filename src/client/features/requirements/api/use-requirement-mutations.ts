import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddSafetyItemInput, CustomRequirementInput, Requirement, RequirementUpdateInput } from '@shared/schemas/requirement';
import { api } from '@/lib/api';
import { propertyRequirementsKey, refreshAfterRequirementChange } from './requirement-queries';

/** "Add safety item": answers the property's requirements, the new ones included. */
export function useAddSafetyItem(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddSafetyItemInput) => api.post<Requirement[]>(`/api/properties/${propertyId}/safety-items`, values),
    onSuccess: (list) => queryClient.setQueryData(propertyRequirementsKey(propertyId), list),
    onSettled: () => void refreshAfterRequirementChange(queryClient),
  });
}

export function useAddCustomRequirement(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CustomRequirementInput) => api.post<Requirement>(`/api/properties/${propertyId}/requirements`, values),
    onSettled: () => void refreshAfterRequirementChange(queryClient),
  });
}

/** Switch off or on, change the interval, automatic scheduling: the saved requirement replaces the cached one. */
export function useUpdateRequirement(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: RequirementUpdateInput }) => api.put<Requirement>(`/api/requirements/${id}`, values),
    onSuccess: (saved) =>
      queryClient.setQueryData<Requirement[]>(propertyRequirementsKey(propertyId), (list) => list?.map((r) => (r.id === saved.id ? saved : r))),
    onSettled: () => void refreshAfterRequirementChange(queryClient),
  });
}
