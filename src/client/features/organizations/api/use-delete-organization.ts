import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrganizationDeleteInput } from '@shared/schemas/organization';
import { api } from '@/lib/api';
import { useAuth } from '@/app/auth-context';
import { toast } from '@/components/ui/use-toast';
import { enterOrganization } from './organization-queries';

/**
 * Deletes the organisation in use. The session then acts on the person's next organisation, or
 * on none, so the cache is emptied and the shell redrawn as after a switch (decision 032).
 */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: OrganizationDeleteInput) => {
      await api.delete<{ success: true }>('/api/organizations/current', input);
      try {
        return await enterOrganization(queryClient);
      } catch {
        // Deleted, but the session could not be read back: a fresh start of the app reads it.
        window.location.assign('/dashboard');
        return new Promise<never>(() => undefined);
      }
    },
    onSuccess: (user, input) => {
      updateUser(user);
      navigate('/dashboard');
      toast({
        title: 'Organisation deleted',
        description: user.organization
          ? `${input.name.trim()} and everything in it were deleted. You are now working in ${user.organization.name}.`
          : `${input.name.trim()} and everything in it were deleted. You are not in any organisation now: create one to carry on.`,
      });
    },
  });
}
