import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceResult } from '@shared/enums';
import type { CompleteInspectionInput, Inspection } from '@shared/schemas/inspection';
import { api, isApiError, serverMessage } from '@/lib/api';
import { refreshAfterInspectionChange } from '@/lib/inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface CompleteInput {
  id: number;
  /** With a result, the compliance item and the property take it; without, it is a Quick Complete. */
  complianceStatus?: ComplianceResult;
  notes?: string;
}

/**
 * Completes an inspection, with a result (the Complete Inspection dialog) or without one
 * (Quick Complete, SPEC 4). Lists show it completed at once; undone on failure.
 */
export function useCompleteInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: ({ id, complianceStatus, notes }: CompleteInput) => {
      const body: CompleteInspectionInput = { status: 'completed', completedDate: new Date().toISOString() };
      if (complianceStatus) {
        body.complianceStatus = complianceStatus;
        body.notes = notes?.trim() ? notes.trim() : null;
      }
      return api.put<Inspection>(`/api/inspections/${id}`, body);
    },
    onMutate: async ({ id, complianceStatus, notes }) => {
      const snapshot = await snapshotInspections(queryClient);
      const completedDate = new Date().toISOString();
      applyInspectionChange(
        queryClient,
        {
          kind: 'update',
          id,
          change: (current) => ({
            status: 'completed',
            completedDate,
            complianceResult: complianceStatus ?? null,
            notes: notes?.trim() ? notes.trim() : current.notes,
          }),
        },
        today,
      );
      return { snapshot };
    },
    onError: (error, _input, context) => {
      restoreInspections(queryClient, context?.snapshot);
      // 409: already completed elsewhere; the server says so in words.
      const description =
        isApiError(error) && error.status === 409 ? serverMessage(error, 'Failed to complete inspection.') : 'Failed to complete inspection.';
      toast({ variant: 'destructive', title: 'Error', description });
    },
    onSuccess: (_saved, { complianceStatus }) => {
      toast({
        title: 'Inspection Completed',
        description: complianceStatus ? 'Inspection completed and property status updated.' : 'Inspection marked as completed.',
      });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
