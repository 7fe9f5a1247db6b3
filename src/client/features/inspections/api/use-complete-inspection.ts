import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplianceResult } from '@shared/enums';
import type { AttestationRole } from '@shared/records';
import type { CompleteInspectionInput, InspectionUpdateResult } from '@shared/schemas/inspection';
import type { DeficiencyInput } from '@shared/schemas/deficiency';
import { discardChange, record } from '@/offline/outbox';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { keepFoundDeficiencies, type FoundDeficiency } from './record-found-deficiencies';
import { toastKept } from '@/components/kept-toast';
import { toastWithUndo } from '@/components/undo-toast';
import { refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { nextDueText } from './next-due-text';
import { useToday } from './use-today';

export interface CompleteInput {
  id: number;
  /** With a result, the compliance item and the property take it; without, it is a Quick Complete. */
  complianceStatus?: ComplianceResult;
  /** The findings; the instructions typed when it was scheduled stay. */
  notes?: string;
  /** "Performed on", a calendar date in the account's zone; now when left out (Quick Complete). */
  performedOn?: string;
  inspectorId?: number;
  attestation?: { accepted: true; role: AttestationRole; typedName: string };
  deficiencies?: DeficiencyInput[];
  /** The activity it was for, when the dialog asked (its type has several and none was stated). */
  requirementId?: number;
  /** Its property and how the sync list names it ("Fire Extinguisher at Harbor View Offices"). */
  propertyId?: number;
  label?: string;
  /** Made by the caller when later changes (a deficiency found with it) refer to it. */
  changeId?: string;
  /** The `updatedAt` of the open inspection this was recorded on: a result recorded while someone else completed it is kept beside theirs. */
  ifMatch?: string;
  /** Deficiencies with photos, each kept as its own change right after the completion. */
  found?: FoundDeficiency[];
}

/**
 * Completes an inspection, with a result (the Complete Inspection dialog) or without one
 * (Quick Complete, SPEC 4). Lists show it completed at once; undone on failure.
 */
export function useCompleteInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    mutationFn: async ({ id, complianceStatus, notes, performedOn, inspectorId, attestation, deficiencies, requirementId, propertyId, label, changeId, ifMatch, found }: CompleteInput) => {
      const body: CompleteInspectionInput = { status: 'completed', completedDate: performedOn ?? new Date().toISOString() };
      if (complianceStatus) {
        body.complianceStatus = complianceStatus;
        body.notes = notes?.trim() ? notes.trim() : null;
      }
      if (inspectorId) body.inspectorId = inspectorId;
      if (requirementId) body.requirementId = requirementId;
      if (attestation) body.attestation = attestation;
      if (complianceStatus === 'non_compliant' && deficiencies?.length) body.deficiencies = deficiencies;
      // Through the outbox: kept on the device first, sent at once when there is a signal.
      const completionId = changeId ?? newIdempotencyKey();
      const what = `${label ?? 'an inspection'}`;
      let keptWithIt: Promise<string[]> = Promise.resolve([]);
      try {
        return await record<InspectionUpdateResult>(
          {
            id: completionId,
            kind: 'completion',
            method: 'PUT',
            url: `/api/inspections/${id}`,
            body,
            ifMatch,
            label: `Completed${complianceStatus ? ` (${complianceStatus === 'compliant' ? 'compliant' : 'non-compliant'})` : ''}: ${what}`,
            propertyId,
            target: { type: 'inspection', id },
          },
          {
            // What was found with it is kept as soon as the completion is, before any answer.
            onKept: () => {
              if (found?.length && propertyId) keptWithIt = keepFoundDeficiencies(id, completionId, found, { propertyId, label: what }).catch(() => []);
            },
          },
        );
      } catch (error) {
        // Refused as wrong: what was found with it goes too; the dialog still holds every entry.
        for (const keptId of await keptWithIt) await discardChange(keptId).catch(() => undefined);
        throw error;
      }
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
            completionNotes: notes?.trim() ? notes.trim() : null,
          }),
        },
        today,
      );
      return { snapshot };
    },
    onError: (_error, { complianceStatus }, context) => {
      restoreInspections(queryClient, context?.snapshot);
      // SPEC 8 has one text for the dialog and one for Quick Complete (no result given).
      const description = complianceStatus ? 'Failed to complete inspection.' : 'Failed to complete inspection. Please try again.';
      toast({ variant: 'destructive', title: 'Error', description });
    },
    onSuccess: (outcome) => {
      // Kept on the device: the lists keep showing it completed, and it syncs when the signal returns.
      if (!outcome.sent) return toastKept('Inspection Completed');
      const { answer: saved, undoToken } = outcome;
      // Without a result nothing about compliance changed (SPEC 4): say what is still to do.
      const description = saved.complianceResult
        ? `Inspection completed and property status updated. ${nextDueText(saved.nextDue)}`.trim()
        : 'Inspection completed. Record its result to update the property\'s compliance.';
      toastWithUndo(queryClient, { title: 'Inspection Completed', description, undoToken, undoneText: 'The inspection is open again, as it was.' });
    },
    onSettled: (outcome) => {
      if (outcome && !outcome.sent) return;
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
