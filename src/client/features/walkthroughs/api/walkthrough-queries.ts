import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Requirement } from '@shared/schemas/requirement';
import type { DeviceResponse } from '@shared/schemas/device';
import type { FinishWalkthroughInput, WalkthroughResponse } from '@shared/schemas/walkthrough';
import type { z } from 'zod';
import type { finishWalkthroughResponse, walkthroughSummaryResponse } from '@shared/schemas/walkthrough';
import { api } from '@/lib/api';
import { record } from '@/offline/outbox';
import { PROPERTIES_KEY } from '@/features/properties/api/property-queries';
import { refreshAfterInspectionChange } from '@/features/inspections/api/inspection-queries';
import { propertyRequirementsOptions } from '@/features/requirements/api/use-property-requirements';

export type WalkthroughSummary = z.infer<typeof walkthroughSummaryResponse>;
export type FinishWalkthroughResult = z.infer<typeof finishWalkthroughResponse>;

export const WALKTHROUGHS_KEY = ['/api/walkthroughs'] as const;
export const walkthroughKey = (id: number) => [...WALKTHROUGHS_KEY, id] as const;
/** Under the property, so a property refresh reaches them. */
export const openWalkthroughsKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'walkthroughs'] as const;
const inServiceDevicesKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'devices', { status: 'in_service' }] as const;

export const walkthroughOptions = (id: number) =>
  queryOptions({
    queryKey: walkthroughKey(id),
    queryFn: ({ signal }) => api.get<WalkthroughResponse>(`/api/walkthroughs/${id}`, signal),
    // Read again whenever the page opens (another person may be walking the same building), but
    // not a second time as it opens: the route reads it on the way in, and a 500-device walk
    // read twice is drawn twice on a phone.
    staleTime: 5_000,
  });

export function useWalkthrough(id: number | undefined) {
  return useQuery({ ...walkthroughOptions(id ?? 0), enabled: id !== undefined });
}

export function prefetchWalkthroughPage(client: QueryClient, id: string | undefined): Promise<unknown> {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? client.prefetchQuery(walkthroughOptions(n)) : Promise.resolve();
}

/**
 * What the start dialog offers: the property's active requirements that apply, for item types
 * with devices in service, each with how many devices and its open walk-through, if any.
 */
export function useWalkthroughChoices(propertyId: number, enabled: boolean) {
  const requirements = useQuery({ ...propertyRequirementsOptions(propertyId), enabled });
  const devices = useQuery({
    queryKey: inServiceDevicesKey(propertyId),
    queryFn: ({ signal }) => api.get<DeviceResponse[]>(`/api/properties/${propertyId}/devices?status=in_service`, signal),
    enabled,
  });
  const open = useQuery({
    queryKey: openWalkthroughsKey(propertyId),
    queryFn: ({ signal }) => api.get<WalkthroughSummary[]>(`/api/properties/${propertyId}/walkthroughs`, signal),
    enabled,
    staleTime: 0,
  });
  const counts = new Map<string, number>();
  for (const device of devices.data ?? []) counts.set(device.itemType, (counts.get(device.itemType) ?? 0) + 1);
  const choices = (requirements.data ?? [])
    .filter((r: Requirement) => r.active && r.applies && counts.has(r.itemType))
    .map((requirement) => ({
      requirement,
      devices: counts.get(requirement.itemType) ?? 0,
      open: open.data?.find((w) => w.requirementId === requirement.id && w.status === 'open'),
    }));
  return {
    choices,
    isPending: requirements.isPending || devices.isPending,
    isError: requirements.isError || devices.isError,
    retry: () => {
      void requirements.refetch();
      void devices.refetch();
      void open.refetch();
    },
  };
}

export function useStartWalkthrough(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirementId: number) => api.post<WalkthroughResponse>(`/api/properties/${propertyId}/walkthroughs`, { requirementId }),
    onSuccess: (walk) => {
      queryClient.setQueryData(walkthroughKey(walk.id), walk);
      // Starting adopts or opens the activity's inspection.
      void refreshAfterInspectionChange(queryClient);
    },
  });
}

/**
 * Finish, through the outbox (docs/offline.md): recorded on the phone first, sent after the
 * walk's taps. Online it answers as the server does; without a signal it resolves `sent: false`
 * and the walk shows it finished on this device until it syncs.
 */
export function useFinishWalkthrough(id: number, where: { propertyId: number; label: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs without a network too: the outbox keeps the change (a paused mutation would keep nothing).
    networkMode: 'always',
    mutationFn: (body: FinishWalkthroughInput) =>
      record<FinishWalkthroughResult>({
        kind: 'walk-finish',
        method: 'POST',
        url: `/api/walkthroughs/${id}/finish`,
        body,
        label: `Finish walk-through: ${where.label}`,
        propertyId: where.propertyId,
        target: { type: 'walkthrough', id },
      }),
    onSuccess: async (outcome) => {
      if (!outcome.sent) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: walkthroughKey(id) }), refreshAfterInspectionChange(queryClient)]);
    },
  });
}
