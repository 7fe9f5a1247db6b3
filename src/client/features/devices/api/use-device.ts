import { useQuery } from '@tanstack/react-query';
import { deviceHistoryOptions, deviceOptions, deviceRequirementsOptions } from './device-queries';

/** One device; a 404 (missing, or out of the caller's reach) is not retried. */
export function useDevice(id: number | undefined) {
  return useQuery({ ...deviceOptions(id ?? 0), enabled: id !== undefined });
}

export function useDeviceRequirements(id: number) {
  return useQuery(deviceRequirementsOptions(id));
}

export function useDeviceHistory(id: number) {
  return useQuery(deviceHistoryOptions(id));
}
