import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CurrentOrganization } from '@shared/schemas/organization';
import { api, serverMessage } from '@/lib/api';
import { useAuth } from '@/app/auth-context';
import { toast } from '@/components/ui/use-toast';
import { enterOrganization } from './organization-queries';

/** Moves the session to another of the caller's organisations and opens its home. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.post<CurrentOrganization>(`/api/organizations/${id}/switch`);
      return enterOrganization(queryClient);
    },
    onSuccess: (user) => {
      updateUser(user);
      navigate('/dashboard');
      toast({ title: 'Organisation switched', description: `You are now working in ${user.organization?.name ?? 'the organisation you chose'}.` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Could not switch',
        description: serverMessage(error, 'The organisation could not be opened. Check your connection and try again.'),
      });
    },
  });
}
