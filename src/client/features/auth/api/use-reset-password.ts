import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/schemas/auth';
import { api, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<{ success: boolean }>('/api/auth/reset-password', input),
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Reset Failed',
        description: serverMessage(error, 'This reset link is invalid or has expired.'),
      });
    },
  });
}
