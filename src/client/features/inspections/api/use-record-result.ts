import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceResult } from '@shared/enums';
import type { InspectionUpdateResult } from '@shared/schemas/inspection';
import { apiChange } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { inspectionKey, refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { nextDueText } from './next-due-text';

/** "Record result" on an inspection completed without one, with its findings: its item and property follow. */
export function useRecordResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, complianceResult, notes, requirementId }: { id: number; complianceResult: ComplianceResult; notes: string; requirementId?: number }) =>
      apiChange<InspectionUpdateResult>('PUT', `/api/inspections/${id}`, {
        complianceResult,
        completionNotes: notes.trim() ? notes.trim() : null,
        // The activity, when the dialog asked: the result counts for it.
        ...(requirementId ? { requirementId } : {}),
      }),
    onSuccess: ({ data: saved, undoToken }) => {
      const { nextDue: _nextDue, ...inspection } = saved;
      queryClient.setQueryData(inspectionKey(saved.id), inspection);
      toastWithUndo(queryClient, {
        title: 'Result Recorded',
        description: `The result is recorded and the property status updated. ${nextDueText(saved.nextDue)}`.trim(),
        undoToken,
        undoneText: 'The result is taken back; the property status is as it was.',
      });
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to record the result. Please try again.' }),
    onSettled: () => void refreshAfterInspectionChange(queryClient),
  });
}
