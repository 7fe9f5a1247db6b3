import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectionDisplayStatus } from '@shared/compliance';
import type { Inspection, InspectionValues } from '@shared/schemas/inspection';
import { api } from '@/lib/api';
import { refreshAfterInspectionChange } from './inspection-queries';
import { toast } from '@/components/ui/use-toast';
import { applyInspectionChange, restoreInspections, snapshotInspections } from './inspection-cache';
import { useToday } from './use-today';

export interface CreateInspectionInput {
  values: InspectionValues;
  /** The property's name, for the optimistic row. */
  propertyName: string;
}

/** Schedules an inspection; cached lists show it at once (temporary id), undone on failure. */
export function useCreateInspection() {
  const queryClient = useQueryClient();
  const today = useToday();
  return useMutation({
    mutationFn: ({ values }: CreateInspectionInput) => api.post<Inspection>('/api/inspections', values),
    onMutate: async ({ values, propertyName }) => {
      const snapshot = await snapshotInspections(queryClient);
      const now = new Date().toISOString();
      // SPEC 9: optimistic temporary ids use the current timestamp.
      const draft: Inspection = {
        id: Date.now(),
        propertyId: values.propertyId,
        property: { id: values.propertyId, name: propertyName },
        inspectionType: values.inspectionType,
        dueDate: values.dueDate,
        completedDate: null,
        status: 'scheduled',
        displayStatus: inspectionDisplayStatus({ status: 'scheduled', dueDate: values.dueDate }, today),
        complianceResult: null,
        notes: values.notes,
        completionNotes: null,
        assignedTo: values.assignedTo,
        rescheduleReason: null,
        createdAt: now,
        updatedAt: now,
        requirement: null,
        // The form asks for the activity whenever the type has several.
        activityBasis: 'stated',
        inspector: null,
        attestation: null,
        deficiencyCount: 0,
        openDeficiencyCount: 0,
        retestOf: null,
        retest: null,
      };
      applyInspectionChange(queryClient, { kind: 'add', inspection: draft }, today);
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      restoreInspections(queryClient, context?.snapshot);
      // SPEC 8: the toast keeps its own words; at the plan limit the page turns into the
      // upgrade prompt once the refreshed plan usage arrives.
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to schedule inspection.' });
    },
    onSuccess: () => {
      toast({ title: 'Inspection Scheduled', description: 'Inspection scheduled successfully.' });
    },
    onSettled: () => {
      void refreshAfterInspectionChange(queryClient);
    },
  });
}
