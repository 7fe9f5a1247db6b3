import { useMutation } from '@tanstack/react-query';
import { api, isApiError, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { fetchSessionUser } from './session';
import { useAuth } from '@/app/auth-context';

/** POST /api/auth/resend-confirmation: a new link to the signed-in account's address (limited per hour). */
export function useResendConfirmation() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: () => api.post<{ success: true; to: string }>('/api/auth/resend-confirmation'),
    onSuccess: ({ to }) => {
      toast({ title: 'Link sent', description: `We sent a new confirmation link to ${to}. It works for 48 hours.` });
    },
    onError: async (error) => {
      // Confirmed meanwhile (in another tab or browser): this page learns it and drops the banner.
      if (isApiError(error) && error.status === 409) {
        const user = await fetchSessionUser().catch(() => null);
        if (user) updateUser(user);
        toast({ title: 'Already confirmed', description: serverMessage(error, 'Your e-mail address is already confirmed.') });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Link not sent',
        description: serverMessage(error, 'Failed to send a new link. Please try again.'),
      });
    },
  });
}
