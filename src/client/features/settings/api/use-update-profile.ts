import { useMutation } from '@tanstack/react-query';
import type { ProfileInput, SessionUser } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/components/auth-context';

export function useUpdateProfile() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<SessionUser>('/api/auth/profile', input),
    onSuccess: (user) => {
      updateUser(user);
      toast({ title: 'Profile Updated', description: 'Your profile has been updated.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' });
    },
  });
}
