import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.put<{ success: boolean }>('/api/auth/password', input),
    onSuccess: () => {
      toast({ title: 'Password Updated', description: 'Your password has been changed.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update password. Please try again.' });
    },
  });
}
