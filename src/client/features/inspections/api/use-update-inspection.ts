import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inspection, InspectionEdit } from '@shared/schemas/inspection';
import { apiChange } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { inspectionKey, refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface UpdateInspectionInput {
  id: number;
  values: InspectionEdit;
}

/** Saves the Edit Inspection dialog; lists and the details page show it at once, undone on failure. */
export function useUpdateInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: ({ id, values }: UpdateInspectionInput) => apiChange<Inspection>('PUT', `/api/inspections/${id}`, values),
    onMutate: async ({ id, values }) => {
      const snapshot = await snapshotInspections(queryClient);
      const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<Inspection>;
      applyInspectionChange(queryClient, { kind: 'update', id, change: () => fields }, today);
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      restoreInspections(queryClient, context?.snapshot);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update inspection.' });
    },
    onSuccess: ({ data: saved, undoToken }) => {
      queryClient.setQueryData<Inspection>(inspectionKey(saved.id), saved);
      toastWithUndo(queryClient, {
        title: 'Inspection Updated',
        description: 'Inspection updated successfully.',
        undoToken,
        undoneText: 'The inspection is as it was before the edit.',
      });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
