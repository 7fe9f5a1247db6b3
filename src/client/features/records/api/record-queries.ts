import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CorrectDeficiencyResult, Deficiency, DeficiencyInput, DeficiencySummary } from '@shared/schemas/deficiency';
import { toast } from '@/components/ui/use-toast';
import { toastKept } from '@/components/kept-toast';
import type { Inspector, InspectorInput } from '@shared/schemas/inspector';
import { api } from '@/lib/api';
import { record } from '@/offline/outbox';
import { refreshAfterInspectionChange } from '@/features/inspections/api/inspection-queries';

export const INSPECTORS_KEY = ['/api/inspectors'] as const;
export const DEFICIENCY_SUMMARY_KEY = ['/api/deficiencies/open-summary'] as const;
export const propertyDeficienciesKey = (propertyId: number) => ['/api/properties', propertyId, 'deficiencies'] as const;


export function useInspectors() {
  return useQuery<Inspector[]>({ queryKey: INSPECTORS_KEY });
}

export function useSaveInspector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: InspectorInput }) =>
      id ? api.put<Inspector>(`/api/inspectors/${id}`, values) : api.post<Inspector>('/api/inspectors', values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INSPECTORS_KEY }),
  });
}

export function useDeleteInspector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/inspectors/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INSPECTORS_KEY }),
  });
}

export function usePropertyDeficiencies(propertyId: number) {
  return useQuery<Deficiency[]>({
    queryKey: propertyDeficienciesKey(propertyId),
    queryFn: ({ signal }) => api.get<Deficiency[]>(`/api/properties/${propertyId}/deficiencies`, signal),
  });
}

export function useDeficiencySummary() {
  return useQuery<DeficiencySummary>({ queryKey: DEFICIENCY_SUMMARY_KEY });
}

/** A correction moves the item and the property: everything an inspection change refreshes. */
export function refreshAfterDeficiencyChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: DEFICIENCY_SUMMARY_KEY });
  return refreshAfterInspectionChange(queryClient);
}

export interface CorrectionInput {
  id: number;
  correctedOn: string;
  correctedBy: string;
  note: string;
  propertyId?: number;
  /** How the sync list names it: the deficiency's description. */
  label?: string;
}

/**
 * A correction, through the outbox: kept on the device first, sent at once with a signal and
 * later without. The answer names the re-test it scheduled, if any; its token undoes it.
 */
export function useCorrectDeficiency() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    mutationFn: ({ id, propertyId, label, ...body }: CorrectionInput) =>
      record<CorrectDeficiencyResult>({
        kind: 'correction',
        method: 'POST',
        url: `/api/deficiencies/${id}/correct`,
        body,
        label: `Corrected: ${label ?? 'a deficiency'}`,
        propertyId,
        target: { type: 'deficiency', id },
      }),
    onSettled: (outcome) => {
      if (outcome && !outcome.sent) return;
      void refreshAfterDeficiencyChange(queryClient);
    },
  });
}

/**
 * A deficiency's edit, through the outbox, with the copy's updatedAt as If-Match (docs/offline.md,
 * conflict rule 2): kept on the device first, sent at once with a signal and later without.
 */
export function useEditDeficiency() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    mutationFn: ({ deficiency, values }: { deficiency: Deficiency; values: DeficiencyInput }) =>
      record<Deficiency>({
        kind: 'deficiency-edit',
        method: 'PUT',
        url: `/api/deficiencies/${deficiency.id}`,
        body: values,
        ifMatch: deficiency.updatedAt,
        label: `Edited: ${(values.description ?? deficiency.description).slice(0, 200)}`,
        propertyId: deficiency.propertyId,
        target: { type: 'deficiency', id: deficiency.id },
      }),
    onSuccess: (outcome) => {
      if (!outcome.sent) return toastKept('Deficiency Updated');
      toast({ title: 'Deficiency Updated', description: 'The deficiency is saved.' });
    },
    onSettled: (outcome) => {
      if (outcome && !outcome.sent) return;
      void refreshAfterDeficiencyChange(queryClient);
    },
  });
}
