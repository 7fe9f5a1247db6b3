import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentOrganization, OrganizationUpdateInput } from '@shared/schemas/organization';
import { api } from '@/lib/api';
import { useAuth } from '@/app/auth-context';
import { toast } from '@/components/ui/use-toast';
import { ORGANIZATIONS_KEY } from './organization-queries';

/** Settings → Organisation: its name and time zone. */
export function useUpdateOrganization() {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationUpdateInput) => api.put<CurrentOrganization>('/api/organizations/current', input),
    onSuccess: (organization) => {
      const before = user?.organization;
      if (user) updateUser({ ...user, organization });
      // A new zone moves "today": overdue and due soon were worked out for the old one.
      if (before?.timeZone !== organization.timeZone) void queryClient.invalidateQueries();
      // The switcher lists it by name.
      else void queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
      toast({ title: 'Organisation updated', description: 'Its name and time zone have been saved.' });
    },
  });
}
