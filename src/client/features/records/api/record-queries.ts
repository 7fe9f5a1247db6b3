import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CorrectDeficiencyResult, Deficiency, DeficiencyPhoto, DeficiencySummary } from '@shared/schemas/deficiency';
import type { Inspector, InspectorInput } from '@shared/schemas/inspector';
import { ApiError, api, apiChange } from '@/lib/api';
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

export function useCorrectDeficiency() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer names the re-test it scheduled, if any; the header undoes the correction.
    mutationFn: ({ id, ...body }: { id: number; correctedOn: string; correctedBy: string; note: string }) =>
      apiChange<CorrectDeficiencyResult>('POST', `/api/deficiencies/${id}/correct`, body),
    onSettled: () => refreshAfterDeficiencyChange(queryClient),
  });
}

/** Sends a photo as its own bytes; the server checks what it really is and strips its location. */
export async function uploadPhoto(deficiencyId: number, file: File): Promise<DeficiencyPhoto> {
  const res = await fetch(`/api/deficiencies/${deficiencyId}/photos`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) {
    const error = body && typeof body === 'object' && 'message' in body ? (body as { message: string; fieldErrors?: Record<string, string[]> }) : null;
    throw new ApiError(res.status, `${res.status}: ${text}`, error);
  }
  return body as DeficiencyPhoto;
}

/** The deficiencies a completion just opened, in the order they were entered. */
export async function inspectionDeficiencies(inspectionId: number): Promise<Deficiency[]> {
  const list = await api.get<Deficiency[]>(`/api/inspections/${inspectionId}/deficiencies`);
  return [...list].sort((a, b) => a.id - b.id);
}
