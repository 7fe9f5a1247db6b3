import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { record } from '@/offline/outbox';
import { toastKept } from '@/components/kept-toast';
import { toastWithUndo } from '@/components/undo-toast';
import { refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface RescheduleInput {
  id: number;
  dueDate: string;
  rescheduleReason?: string | null;
  /** The copy's updatedAt, sent as If-Match: a date moved by someone else meanwhile is not overwritten. */
  updatedAt?: string;
  propertyId?: number;
  label?: string;
}

/** Moves an inspection's due date (the Reschedule dialog, the one way to do it). */
export function useRescheduleInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    // Through the outbox: kept on the device first; without a signal it syncs later.
    mutationFn: ({ id, dueDate, rescheduleReason, updatedAt, propertyId, label }: RescheduleInput) =>
      record<Inspection>({
        kind: 'inspection-edit',
        method: 'PUT',
        url: `/api/inspections/${id}`,
        body: { dueDate, rescheduleReason: rescheduleReason?.trim() || null },
        ifMatch: updatedAt,
        label: `Rescheduled to ${formatDate(dueDate)}: ${label ?? 'an inspection'}`,
        propertyId,
        target: { type: 'inspection', id },
      }),
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
    onSuccess: (outcome) => {
      if (!outcome.sent) return toastKept('Inspection Rescheduled');
      const { answer: saved, undoToken } = outcome;
      toastWithUndo(queryClient, {
        title: 'Inspection Rescheduled',
        description: `Now due ${formatDate(saved.dueDate)}.`,
        undoToken,
        undoneText: 'The inspection has its earlier date again.',
      });
    },
    onSettled: (outcome) => {
      if (outcome && !outcome.sent) return;
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
