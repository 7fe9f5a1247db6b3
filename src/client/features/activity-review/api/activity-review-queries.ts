import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityReviewItem } from '@shared/schemas/activity-review';
import type { Inspection } from '@shared/schemas/inspection';
import { apiChange, apiGetList, queryString } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { toast } from '@/components/ui/use-toast';
import { INSPECTIONS_KEY, refreshAfterInspectionChange } from '@/features/inspections/api/inspection-queries';

export const ACTIVITY_REVIEW_PATH = '/inspections/activity-review';

export interface ActivityReviewParams {
  propertyId?: number;
  limit: number;
  offset: number;
}

/** Under the inspections' key, so any change to an inspection asks for it again. */
export const activityReviewKey = (params: ActivityReviewParams) => [...INSPECTIONS_KEY, 'activity-review', params] as const;

export function activityReviewOptions(params: ActivityReviewParams) {
  return queryOptions({
    queryKey: activityReviewKey(params),
    queryFn: ({ signal }) => apiGetList<ActivityReviewItem>(`/api/inspections/activity-review${queryString({ ...params })}`, signal),
  });
}

/** One page of completions whose activity is not stated or assumed. */
export function useActivityReview(params: ActivityReviewParams) {
  return useQuery({ ...activityReviewOptions(params), placeholderData: keepPreviousData });
}

/** How many there are to review (one row asked for, the total read): for the links to the list. */
export function useActivityReviewCount(propertyId?: number): number {
  const { data } = useQuery(activityReviewOptions({ propertyId, limit: 1, offset: 0 }));
  return data?.total ?? 0;
}

/**
 * Names the activity a completion was for (or confirms the one it counts for): it moves to that
 * requirement, both requirements settle again, and it is no longer listed. Undoable.
 */
export function useNameActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, requirementId }: { id: number; requirementId: number; activity: string; confirming: boolean }) =>
      apiChange<Inspection>('PUT', `/api/inspections/${id}`, { requirementId }),
    onSuccess: ({ undoToken }, { activity, confirming }) => {
      toastWithUndo(queryClient, {
        title: confirming ? 'Activity Confirmed' : 'Activity Named',
        description: confirming
          ? `It stays with ${activity}, now as stated.`
          : `It now counts for ${activity}; both checks' dates are worked out again.`,
        undoToken,
        undoneText: 'The inspection counts for the activity it had before.',
      });
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'The activity could not be saved. Please try again.' }),
    onSettled: () => void refreshAfterInspectionChange(queryClient),
  });
}
