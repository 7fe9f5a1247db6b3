import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailConsentInfo } from '@shared/schemas/mail-consent';
import { api, queryString } from '@/lib/api';

const consentKey = (token: string) => ['/api/mail/consent', token] as const;

/** Who asks to mail this address, and where its consent stands. Reading changes nothing. */
export function useMailConsent(token: string) {
  return useQuery<MailConsentInfo>({
    queryKey: consentKey(token),
    queryFn: ({ signal }) => api.get<MailConsentInfo>(`/api/mail/consent${queryString({ token })}`, signal),
    enabled: token.length > 0,
    staleTime: 0,
  });
}

/** Confirm or unsubscribe: the answer is the new state, shown at once. */
export function useMailConsentChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'confirm' | 'unsubscribe') =>
      api.post<MailConsentInfo>(change === 'confirm' ? '/api/mail/confirm' : '/api/mail/unsubscribe', { token }),
    onSuccess: (info) => queryClient.setQueryData(consentKey(token), info),
  });
}
