import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inspection, InspectionEdit } from '@shared/schemas/inspection';
import { record } from '@/offline/outbox';
import { toastKept } from '@/components/kept-toast';
import { toastWithUndo } from '@/components/undo-toast';
import { inspectionKey, refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface UpdateInspectionInput {
  id: number;
  values: InspectionEdit;
  /** The copy's updatedAt, sent as If-Match: an edit of something changed since is not applied over it. */
  updatedAt?: string;
  propertyId?: number;
  label?: string;
}

/**
 * Saves the Edit Inspection dialog through the outbox (kept on the device first; without a
 * signal it syncs later). Lists and the details page show it at once, undone on failure.
 */
export function useUpdateInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    mutationFn: ({ id, values, updatedAt, propertyId, label }: UpdateInspectionInput) =>
      record<Inspection>({
        kind: 'inspection-edit',
        method: 'PUT',
        url: `/api/inspections/${id}`,
        body: values,
        ifMatch: updatedAt,
        label: `Edited: ${label ?? 'an inspection'}`,
        propertyId,
        target: { type: 'inspection', id },
      }),
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
    onSuccess: (outcome) => {
      if (!outcome.sent) return toastKept('Inspection Updated');
      const { answer: saved, undoToken } = outcome;
      queryClient.setQueryData<Inspection>(inspectionKey(saved.id), saved);
      toastWithUndo(queryClient, {
        title: 'Inspection Updated',
        description: 'Inspection updated successfully.',
        undoToken,
        undoneText: 'The inspection is as it was before the edit.',
      });
    },
    onSettled: (outcome) => {
      if (outcome && !outcome.sent) return;
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
