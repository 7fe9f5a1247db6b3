import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@shared/schemas/reminder-settings';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export const REMINDER_SETTINGS_KEY = ['/api/reminder-settings'] as const;

export function useReminderSettings() {
  return useQuery<ReminderSettings>({ queryKey: REMINDER_SETTINGS_KEY });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: ReminderSettings) => api.put<ReminderSettings>('/api/reminder-settings', next),
    onSuccess: (saved) => {
      queryClient.setQueryData(REMINDER_SETTINGS_KEY, saved);
      toast({ title: 'Reminder Schedule Saved', description: 'Reminders follow the new schedule from the next one on.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save the reminder schedule. Please try again.' });
    },
  });
}
