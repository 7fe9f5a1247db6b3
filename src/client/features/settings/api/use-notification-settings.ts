import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export const NOTIFICATION_SETTINGS_KEY = ['/api/auth/notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery<NotificationSettings>({ queryKey: NOTIFICATION_SETTINGS_KEY });
}

/** Saves a change at once and shows it before the server answers; an error puts it back. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: NOTIFICATION_SETTINGS_KEY,
    mutationFn: (next: NotificationSettings) =>
      api.put<NotificationSettings>('/api/auth/notification-settings', next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      const previous = queryClient.getQueryData<NotificationSettings>(NOTIFICATION_SETTINGS_KEY);
      queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, context.previous);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to update notification settings. Please try again.',
      });
    },
    onSuccess: (saved) => {
      // With a later toggle still in flight, its optimistic value must not be overwritten.
      if (queryClient.isMutating({ mutationKey: NOTIFICATION_SETTINGS_KEY }) <= 1) {
        queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, saved);
      }
    },
  });
}
