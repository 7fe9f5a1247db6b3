import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { DEVICE_STATUSES, type DeviceStatus } from '@shared/devices';
import type { DeviceRequirementResponse, DeviceResponse, deviceHistoryEntryResponse } from '@shared/schemas/device';
import type { z } from 'zod';
import { api, apiGetList, queryString } from '@/lib/api';
import { refetchAfterChange } from '@/lib/query-client';
import { recordIdFromUrl } from '@/lib/record-id';
import { oneOf } from '@/lib/use-url-params';
import { DASHBOARD_STATS_KEY, PROPERTIES_KEY } from '@/features/properties/api/property-queries';
import { UNSCHEDULED_KEY } from '@/features/requirements/api/requirement-queries';

export type DeviceHistoryEntry = z.infer<typeof deviceHistoryEntryResponse>;

export interface DeviceListFilters {
  itemType?: InspectionType;
  status?: DeviceStatus;
  q?: string;
}

/** A property's devices sit under the property, so every property refresh reaches them too. */
export const propertyDevicesKey = (propertyId: number, filters: DeviceListFilters = {}) => [...PROPERTIES_KEY, propertyId, 'devices', filters] as const;

export const DEVICES_KEY = ['/api/devices'] as const;
export const deviceKey = (id: number) => [...DEVICES_KEY, id] as const;
export const deviceRequirementsKey = (id: number) => [...DEVICES_KEY, id, 'requirements'] as const;
export const deviceHistoryKey = (id: number) => [...DEVICES_KEY, id, 'history'] as const;

/** The Devices tab's filters, named in the URL apart from the other tabs' own (?deviceItem=, ?deviceStatus=, ?deviceQ=). */
export function deviceFiltersFromUrl(params: URLSearchParams): DeviceListFilters {
  return {
    itemType: oneOf(INSPECTION_TYPES, params.get('deviceItem')),
    status: oneOf(DEVICE_STATUSES, params.get('deviceStatus')),
    q: params.get('deviceQ') || undefined,
  };
}

export const propertyDevicesOptions = (propertyId: number, filters: DeviceListFilters) =>
  queryOptions({
    queryKey: propertyDevicesKey(propertyId, filters),
    queryFn: ({ signal }) => apiGetList<DeviceResponse>(`/api/properties/${propertyId}/devices${queryString({ ...filters })}`, signal),
  });

export const deviceOptions = (id: number) =>
  queryOptions({ queryKey: deviceKey(id), queryFn: ({ signal }) => api.get<DeviceResponse>(`/api/devices/${id}`, signal) });

export const deviceRequirementsOptions = (id: number) =>
  queryOptions({ queryKey: deviceRequirementsKey(id), queryFn: ({ signal }) => api.get<DeviceRequirementResponse[]>(`/api/devices/${id}/requirements`, signal) });

export const deviceHistoryOptions = (id: number) =>
  queryOptions({ queryKey: deviceHistoryKey(id), queryFn: ({ signal }) => api.get<DeviceHistoryEntry[]>(`/api/devices/${id}/history`, signal) });

/**
 * A device change moves its item's status and next due date, so the property, its schedule, the
 * dashboard and what is due all refresh with the device's own page.
 */
export function refreshAfterDeviceChange(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, [{ queryKey: PROPERTIES_KEY }, { queryKey: DEVICES_KEY }, { queryKey: DASHBOARD_STATS_KEY }, { queryKey: UNSCHEDULED_KEY }]);
}

/** Asks for the Devices tab's list while the property page's code downloads (property-page-query.ts). */
export function prefetchPropertyDevices(client: QueryClient, propertyId: number, params: URLSearchParams): Promise<unknown> {
  return client.prefetchQuery(propertyDevicesOptions(propertyId, deviceFiltersFromUrl(params)));
}

/** Asks for the device page's data while its code downloads (routes.tsx). */
export function prefetchDevicePage(client: QueryClient, idParam: string | undefined): Promise<unknown> {
  const id = recordIdFromUrl(idParam);
  if (id === undefined) return Promise.resolve();
  return Promise.all([client.prefetchQuery(deviceOptions(id)), client.prefetchQuery(deviceRequirementsOptions(id)), client.prefetchQuery(deviceHistoryOptions(id))]);
}
