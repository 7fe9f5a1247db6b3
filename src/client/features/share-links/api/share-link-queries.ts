import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, SharedProperty, ShareLink, ShareLinkCreateInput } from '@shared/schemas/share-link';
import { api, isApiError } from '@/lib/api';

/** A property's share links, as the Share tab lists them. */
export const shareLinksKey = (propertyId: number) => [`/api/properties/${propertyId}/share-links`] as const;

export function useShareLinks(propertyId: number) {
  return useQuery<ShareLink[]>({ queryKey: shareLinksKey(propertyId) });
}

export function useCreateShareLink(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareLinkCreateInput) => api.post<CreatedShareLink>(`/api/properties/${propertyId}/share-links`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(propertyId) }),
  });
}

export function useRevokeShareLink(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/share-links/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(propertyId) }),
  });
}

/**
 * The public page's data. A 404 (unknown link) or 410 (expired, revoked) is an answer, not a
 * reason to retry; neither is asked again while the page is open.
 */
export function useSharedProperty(token: string) {
  return useQuery({
    queryKey: ['/api/share', token],
    queryFn: ({ signal }) => api.get<SharedProperty>(`/api/share/${encodeURIComponent(token)}`, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
