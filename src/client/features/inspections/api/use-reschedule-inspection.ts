import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { api } from '@/lib/api';
import { refreshAfterInspectionChange } from '@/lib/inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface RescheduleInput {
  id: number;
  dueDate: string;
  rescheduleReason?: string | null;
}

/** Moves an inspection's due date (the Reschedule dialog, or Quick Reschedule's +14 days). */
export function useRescheduleInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: ({ id, dueDate, rescheduleReason }: RescheduleInput) =>
      api.put<Inspection>(`/api/inspections/${id}`, { dueDate, rescheduleReason: rescheduleReason?.trim() || null }),
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
    onSuccess: (saved) => {
      toast({ title: 'Inspection Rescheduled', description: `Now due ${formatDate(saved.dueDate)}.` });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
