import { useQuery } from '@tanstack/react-query';

export function useValidateResetToken(token: string) {
  return useQuery<{ valid: boolean }>({
    queryKey: [`/api/auth/validate-reset-token/${encodeURIComponent(token)}`],
    enabled: token.length > 0,
    // A token can expire or be used in another tab; never trust a cached answer.
    staleTime: 0,
    gcTime: 0,
  });
}
