import { useQuery } from '@tanstack/react-query';
import type { DeviceResponse, PublicTagResponse } from '@shared/schemas/device';
import { api, isApiError } from '@/lib/api';

/** A 404 is an answer (no such tag, or not ours to see), not a reason to ask again. */
const retryUnlessAnswered = (count: number, error: unknown) => !(isApiError(error) && error.status < 500) && count < 2;

/** The device a signed-in member reaches by its tag; 404 when it is not theirs to see. */
export function useDeviceByTag(tag: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/devices/by-tag', tag],
    queryFn: ({ signal }) => api.get<DeviceResponse>(`/api/devices/by-tag/${encodeURIComponent(tag)}`, signal),
    enabled,
    retry: retryUnlessAnswered,
  });
}

/** What the tag's public page shows anyone. */
export function usePublicTag(tag: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tags', tag],
    queryFn: ({ signal }) => api.get<PublicTagResponse>(`/api/tags/${encodeURIComponent(tag)}`, signal),
    enabled,
    retry: retryUnlessAnswered,
    staleTime: 60_000,
  });
}
