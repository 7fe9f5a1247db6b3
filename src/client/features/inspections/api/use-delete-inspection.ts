import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiChange, isApiError, serverMessage } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { inspectionKey, refreshAfterInspectionChange, reminderLogsKey } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

/** Deletes an inspection; it leaves every cached list at once, and comes back on failure. */
export function useDeleteInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: (id: number) => apiChange<{ success: boolean }>('DELETE', `/api/inspections/${id}`),
    onMutate: async (id) => {
      const snapshot = await snapshotInspections(queryClient);
      applyInspectionChange(queryClient, { kind: 'remove', id }, today);
      return { snapshot };
    },
    onError: (error, _id, context) => {
      restoreInspections(queryClient, context?.snapshot);
      // A refusal says why (a walk-through's inspection is corrected, not deleted; a re-test stays).
      const refused = isApiError(error) && error.status === 409;
      toast({ variant: 'destructive', title: 'Error', description: refused ? serverMessage(error, 'Failed to delete inspection.') : 'Failed to delete inspection.' });
    },
    onSuccess: ({ undoToken }, id) => {
      // Gone for good: refetching it would only answer 404.
      queryClient.removeQueries({ queryKey: inspectionKey(id), exact: true });
      queryClient.removeQueries({ queryKey: reminderLogsKey(id), exact: true });
      toastWithUndo(queryClient, {
        title: 'Inspection Deleted',
        description: 'Inspection deleted successfully.',
        undoToken,
        undoneText: 'The inspection is back, with its history.',
      });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
