import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { apiChange } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface RescheduleInput {
  id: number;
  dueDate: string;
  rescheduleReason?: string | null;
}

/** Moves an inspection's due date (the Reschedule dialog, the one way to do it). */
export function useRescheduleInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: ({ id, dueDate, rescheduleReason }: RescheduleInput) =>
      apiChange<Inspection>('PUT', `/api/inspections/${id}`, { dueDate, rescheduleReason: rescheduleReason?.trim() || null }),
    onMutate: async ({ id, dueDate, rescheduleReason }) => {
      const snapshot = await snapshotInspections(queryClient);
      applyInspectionChange(
        queryClient,
        { kind: 'update', id, change: () => ({ dueDate, rescheduleReason: rescheduleReason?.trim() || null }) },
        today,
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      restoreInspections(queryClient, context?.snapshot);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update inspection.' });
    },
    onSuccess: ({ data: saved, undoToken }) => {
      toastWithUndo(queryClient, {
        title: 'Inspection Rescheduled',
        description: `Now due ${formatDate(saved.dueDate)}.`,
        undoToken,
        undoneText: 'The inspection has its earlier date again.',
      });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
