import { useMutation } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { api, serverMessage } from '@/lib/api';
import { withOrganization } from './session-organization';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/app/auth-context';

export function useLogin() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<SessionUser>('/api/auth/login', input).then(withOrganization),
    onSuccess: (user) => {
      signIn(user);
      toast({ title: 'Login Successful', description: 'Welcome back!' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Login Failed',
        description: serverMessage(error, 'Please check your credentials'),
      });
    },
  });
}
