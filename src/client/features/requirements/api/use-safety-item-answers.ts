import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InspectionType } from '@shared/enums';
import type { ItemAnswers } from '@shared/item-conditions';
import type { SafetyItemAnswers } from '@shared/schemas/safety-item-answers';
import { api } from '@/lib/api';
import { PROPERTIES_KEY } from '@/features/properties/api/property-queries';
import { refreshAfterRequirementChange } from './requirement-queries';

/** Under the property, as its requirements: every property refresh reaches them. */
export const safetyItemAnswersKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'safety-item-answers'] as const;

export const safetyItemAnswersOptions = (propertyId: number) =>
  queryOptions({
    queryKey: safetyItemAnswersKey(propertyId),
    queryFn: ({ signal }) => api.get<SafetyItemAnswers[]>(`/api/properties/${propertyId}/safety-items/answers`, signal),
  });

/** The questions about the property's safety items, with its answers. */
export function useSafetyItemAnswers(propertyId: number) {
  return useQuery(safetyItemAnswersOptions(propertyId));
}

/** Saving answers changes what applies: the requirements, the item and what is due follow. */
export function useSaveSafetyItemAnswers(propertyId: number, itemType: InspectionType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: ItemAnswers) => api.put<SafetyItemAnswers>(`/api/properties/${propertyId}/safety-items/${itemType}/answers`, { answers }),
    onSuccess: (saved) =>
      queryClient.setQueryData<SafetyItemAnswers[]>(safetyItemAnswersKey(propertyId), (list) => list?.map((a) => (a.itemType === saved.itemType ? saved : a))),
    onSettled: () => void refreshAfterRequirementChange(queryClient),
  });
}
