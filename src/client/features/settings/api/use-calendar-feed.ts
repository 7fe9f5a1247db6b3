import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink } from '@shared/schemas/calendar-feed';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export const CALENDAR_FEED_KEY = ['/api/calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery<CalendarFeedLink>({ queryKey: CALENDAR_FEED_KEY });
}

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedLink>('/api/calendar-feed/regenerate'),
    onSuccess: (link) => {
      queryClient.setQueryData(CALENDAR_FEED_KEY, link);
      toast({ title: 'New Calendar Link', description: 'The old link no longer works. Subscribe again with this one.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to make a new calendar link. Please try again.' });
    },
  });
}
