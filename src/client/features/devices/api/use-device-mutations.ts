import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDeviceInput, DeviceResponse, UpdateDeviceInput } from '@shared/schemas/device';
import { api } from '@/lib/api';
import { deviceKey, refreshAfterDeviceChange } from './device-queries';

export function useCreateDevice(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateDeviceInput) => api.post<DeviceResponse>(`/api/properties/${propertyId}/devices`, values),
    onSettled: () => void refreshAfterDeviceChange(queryClient),
  });
}

/** Edit, or a change of status: the saved device replaces the cached one at once. */
export function useUpdateDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateDeviceInput) => api.put<DeviceResponse>(`/api/devices/${id}`, values),
    onSuccess: (saved) => queryClient.setQueryData(deviceKey(id), saved),
    onSettled: () => void refreshAfterDeviceChange(queryClient),
  });
}

/** Refused with 409 when the device has inspection history; the screen shows the server's words. */
export function useDeleteDevice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/api/devices/${id}`),
    onSuccess: () => queryClient.removeQueries({ queryKey: deviceKey(id) }),
    onSettled: () => void refreshAfterDeviceChange(queryClient),
  });
}
