import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, SessionUser } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/app/auth-context';

export function useUpdateProfile() {
  const { user: before, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<SessionUser>('/api/auth/profile', input),
    onSuccess: (user) => {
      updateUser(user);
      // "Today" moved with the zone: overdue and due soon were computed for the old one.
      if (before?.timeZone !== user.timeZone) void queryClient.invalidateQueries();
      const newAddress = before?.email.toLowerCase() !== user.email.toLowerCase();
      toast({
        title: 'Profile Updated',
        description:
          newAddress && !user.emailConfirmed
            ? `Your profile has been updated. We sent a confirmation link to ${user.email}.`
            : 'Your profile has been updated.',
      });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' });
    },
  });
}
