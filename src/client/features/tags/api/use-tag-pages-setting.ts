import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagPagesSetting } from '@shared/schemas/device';
import { api } from '@/lib/api';

export const TAG_PAGES_KEY = ['/api/organizations/current/tag-pages'] as const;

export function useTagPagesSetting() {
  return useQuery({ queryKey: TAG_PAGES_KEY, queryFn: ({ signal }) => api.get<TagPagesSetting>('/api/organizations/current/tag-pages', signal) });
}

export function useUpdateTagPagesSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TagPagesSetting) => api.put<TagPagesSetting>('/api/organizations/current/tag-pages', input),
    onSuccess: (saved) => queryClient.setQueryData(TAG_PAGES_KEY, saved),
  });
}
