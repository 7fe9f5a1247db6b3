import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationAccepted, InvitationCreateInput, InvitationPreview } from '@shared/schemas/invitation';
import type { Member, MemberUpdateInput } from '@shared/schemas/member';
import { api } from '@/lib/api';

export const MEMBERS_KEY = ['/api/organizations/current/members'] as const;
export const INVITATIONS_KEY = ['/api/organizations/current/invitations'] as const;
export const invitationKey = (token: string) => [`/api/invitations/${encodeURIComponent(token)}`] as const;

export function useMembers() {
  return useQuery<Member[]>({ queryKey: MEMBERS_KEY });
}

export function useInvitations() {
  return useQuery<Invitation[]>({ queryKey: INVITATIONS_KEY });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: MemberUpdateInput }) => api.put<Member>(`/api/organizations/current/members/${id}`, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/organizations/current/members/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationCreateInput) => api.post<Invitation>('/api/organizations/current/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Invitation>(`/api/organizations/current/invitations/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/organizations/current/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** What the link's page shows: organisation, role, inviter, and whether the link still works. */
export function useInvitationPreview(token: string) {
  return useQuery<InvitationPreview>({ queryKey: invitationKey(token), retry: false, staleTime: Infinity });
}

export const acceptInvitation = (token: string) => api.post<InvitationAccepted>(`/api/invitations/${encodeURIComponent(token)}/accept`);
