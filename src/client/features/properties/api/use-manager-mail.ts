import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagerMail } from '@shared/schemas/mail-consent';
import { api, serverMessage } from '@/lib/api';
import { PROPERTIES_KEY } from './property-queries';
import { toast } from '@/components/ui/use-toast';

/** Under the property's key, so a change to the property (its manager address) refreshes it. */
const managerMailKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'manager-mail'] as const;

/** Whether the property's manager address gets alerts and reminders, or has still to confirm. */
export function useManagerMail(propertyId: number) {
  return useQuery<ManagerMail>({
    queryKey: managerMailKey(propertyId),
    queryFn: ({ signal }) => api.get<ManagerMail>(`/api/properties/${propertyId}/manager-mail`, signal),
    staleTime: 0,
  });
}

/** "Send invitation": the one-click opt-in, within the server's limits. */
export function useSendManagerInvitation(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ManagerMail>(`/api/properties/${propertyId}/manager-mail/invitation`),
    onSuccess: (manager) => {
      queryClient.setQueryData(managerMailKey(propertyId), manager);
      toast({ title: 'Invitation sent', description: `${manager.address} gets an e-mail with a link to confirm.` });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Invitation not sent', description: serverMessage(error, 'Failed to send the invitation. Please try again.') });
    },
  });
}
