import { useMutation } from '@tanstack/react-query';
import { api, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

/** POST /api/auth/resend-confirmation: a new link to the signed-in account's address (limited per hour). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api.post<{ success: true; to: string }>('/api/auth/resend-confirmation'),
    onSuccess: ({ to }) => {
      toast({ title: 'Link sent', description: `We sent a new confirmation link to ${to}. It works for 48 hours.` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Link not sent',
        description: serverMessage(error, 'Failed to send a new link. Please try again.'),
      });
    },
  });
}
