import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bulkCreateDevicesSchema, DeviceImportRow, deviceImportPreviewResponse, DeviceResponse } from '@shared/schemas/device';
import { api, apiCreateOnce, isApiError } from '@/lib/api';
import { refreshAfterDeviceChange } from './device-queries';

export type BulkAddInput = z.input<typeof bulkCreateDevicesSchema>;
export type DeviceImportPreview = z.infer<typeof deviceImportPreviewResponse>;
export type DeviceImportPreviewRow = DeviceImportPreview['rows'][number];

/**
 * "8 dry chemical 5 lb extinguishers on floor 3": sent with a key kept until it succeeds, so a
 * second press after a lost answer gets the first answer back instead of 8 more devices.
 */
export function useBulkAddDevices(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, key }: { values: BulkAddInput; key: string }) => apiCreateOnce<DeviceResponse[]>(`/api/properties/${propertyId}/devices/bulk`, values, key),
    retry: false,
    onSettled: () => void refreshAfterDeviceChange(queryClient),
  });
}

/** Each row ok, invalid or duplicate; imports nothing. */
export const previewDeviceImport = (propertyId: number, rows: DeviceImportRow[]) =>
  api.post<DeviceImportPreview>(`/api/properties/${propertyId}/devices/import/preview`, { rows });

/** The rows a refused import (422) names, when the server refused it for its rows. */
export function refusedRows(error: unknown): DeviceImportPreviewRow[] | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const rows = (error.body as { rows?: DeviceImportPreviewRow[] } | null)?.rows;
  return Array.isArray(rows) ? rows : null;
}

/**
 * Every row or none (a 422 names the rows with problems); the key is the chosen file's. The
 * lists are refreshed when the dialog closes (refreshAfterImport), not at once: a first import
 * turns the empty Devices list, which may hold the dialog's button, into the list, and the
 * dialog saying what was imported would go with it.
 */
export function useImportDevices(propertyId: number) {
  return useMutation({
    mutationFn: ({ rows, key }: { rows: DeviceImportRow[]; key: string }) =>
      apiCreateOnce<{ imported: number; devices: DeviceResponse[] }>(`/api/properties/${propertyId}/devices/import`, { rows }, key),
    // Never repeated on its own: the dialog says what happened.
    retry: false,
  });
}

export function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return () => void refreshAfterDeviceChange(queryClient);
}
