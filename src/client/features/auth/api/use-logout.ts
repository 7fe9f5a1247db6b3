import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/app/auth-context';

export function useLogout() {
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout');
      } catch (error) {
        // Already signed out on the server: the goal of the request is met.
        if (isApiError(error) && error.status === 401) return;
        throw error;
      }
    },
    onSuccess: () => {
      signOut('logout');
      toast({ title: 'Logged Out', description: 'You have been logged out successfully.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Logout Failed', description: 'Something went wrong' });
    },
  });
}
