import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { invalidateWhatTokensMade } from './use-api-tokens';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.put<{ success: boolean }>('/api/auth/password', input),
    onSuccess: (_data, input) => {
      if (input.revokeApiTokens) void invalidateWhatTokensMade(queryClient);
      toast({
        title: 'Password Updated',
        description: input.revokeApiTokens ? 'Your password has been changed and your API tokens were revoked.' : 'Your password has been changed.',
      });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update password. Please try again.' });
    },
  });
}
