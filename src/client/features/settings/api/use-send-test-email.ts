import { useMutation } from '@tanstack/react-query';
import { api, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

/** POST /api/support/test-email: proves that this server's mail reaches the account. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => api.post<{ success: true; to: string }>('/api/support/test-email'),
    onSuccess: ({ to }) => {
      toast({ title: 'Test email sent', description: `Check your inbox at ${to}.` });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Email test failed', description: serverMessage(error, 'Failed to send test email') });
    },
  });
}
