import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrganizationCreateInput, OrganizationSummary } from '@shared/schemas/organization';
import { api } from '@/lib/api';
import { useAuth } from '@/app/auth-context';
import { toast } from '@/components/ui/use-toast';
import { enterOrganization } from './organization-queries';

/** Creates an organisation the caller owns; the session moves to it, so its (empty) home opens. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: OrganizationCreateInput) => {
      const created = await api.post<OrganizationSummary>('/api/organizations', input);
      const user = await enterOrganization(queryClient);
      return { created, user };
    },
    onSuccess: ({ created, user }) => {
      updateUser(user);
      navigate('/dashboard');
      toast({ title: 'Organisation created', description: `${created.name} is ready. You are its owner.` });
    },
  });
}
