import type { QueryClient } from '@tanstack/react-query';
import type { Deficiency } from '@shared/schemas/deficiency';
import { api } from '@/lib/api';
import { propertyOptions } from '@/features/properties/api/use-property';
import { propertyRequirementsOptions } from '@/features/requirements/api/use-property-requirements';
import { propertyDevicesOptions } from '@/features/devices/api/device-queries';
import { inspectionListOptions } from '@/features/inspections/api/use-inspection-list';
import { inspectionKey, reminderLogsKey } from '@/features/inspections/api/inspection-queries';
import { INSPECTORS_KEY, propertyDeficienciesKey } from '@/features/records/api/record-queries';
import { openWalkthroughsKey, walkthroughOptions, type WalkthroughSummary } from '@/features/walkthroughs/api/walkthrough-queries';
import { KEEP_IN_MEMORY, keepInMemory } from './persisted-cache';

/** Open inspections read ahead per property: more than a building has open at once. */
const OPEN_INSPECTIONS_LIMIT = 100;

/**
 * Fetches, one after another, what a property's screens read, so it is on the device before the
 * signal goes (docs/offline.md): the property, its requirements, devices, inspections (the tab's
 * list and each open one's page), deficiencies, open walk-throughs with their walk lists, and the
 * inspectors the Complete dialog offers. A failure leaves
 * whatever copy was kept; it is tried again at the next start.
 */
export async function prefetchOfflineProperty(client: QueryClient, propertyId: number): Promise<void> {
  keepInMemory(client, ['/api/properties', propertyId]);
  keepInMemory(client, INSPECTORS_KEY);
  // Fetched afresh, and held in memory as long as kept on the device (persisted-cache.ts).
  const fresh = { staleTime: 0, gcTime: KEEP_IN_MEMORY } as const;
  await client.prefetchQuery({ ...propertyOptions(propertyId), ...fresh });
  await client.prefetchQuery({ ...propertyRequirementsOptions(propertyId), ...fresh });
  await client.prefetchQuery({ ...propertyDevicesOptions(propertyId, {}), ...fresh });
  // The Inspections tab's own list (property-inspections-tab.tsx), then the open ones' pages.
  await client.prefetchInfiniteQuery({ ...inspectionListOptions({ kind: 'property', propertyId }, { sort: 'due_desc' }), ...fresh });
  const open = await client
    .fetchInfiniteQuery({ ...inspectionListOptions({ kind: 'property', propertyId }, { status: 'open', sort: 'due_asc' }, OPEN_INSPECTIONS_LIMIT), ...fresh })
    .catch(() => undefined);
  for (const inspection of open?.pages[0]?.items ?? []) {
    keepInMemory(client, ['/api/inspections', inspection.id]);
    // The inspection page's own queries (use-inspection.ts).
    await client.prefetchQuery({ queryKey: inspectionKey(inspection.id), queryFn: ({ signal }) => api.get(`/api/inspections/${inspection.id}`, signal), ...fresh });
    await client.prefetchQuery({ queryKey: reminderLogsKey(inspection.id), queryFn: ({ signal }) => api.get(`/api/inspections/${inspection.id}/reminder-logs`, signal), ...fresh });
  }
  await client.prefetchQuery({
    queryKey: propertyDeficienciesKey(propertyId),
    queryFn: ({ signal }) => api.get<Deficiency[]>(`/api/properties/${propertyId}/deficiencies`, signal),
    ...fresh,
  });
  const walks = await client
    .fetchQuery({
      queryKey: openWalkthroughsKey(propertyId),
      queryFn: ({ signal }) => api.get<WalkthroughSummary[]>(`/api/properties/${propertyId}/walkthroughs`, signal),
      ...fresh,
    })
    .catch(() => [] as WalkthroughSummary[]);
  for (const walk of walks.filter((w) => w.status === 'open')) {
    keepInMemory(client, ['/api/walkthroughs', walk.id]);
    await client.prefetchQuery({ ...walkthroughOptions(walk.id), ...fresh });
  }
  await client.prefetchQuery({ queryKey: INSPECTORS_KEY, ...fresh });
}
