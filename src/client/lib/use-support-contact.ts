import { useQuery } from '@tanstack/react-query';

/** The operator's support address (SUPPORT_EMAIL); it does not change while the app runs. */
export function useSupportContact() {
  return useQuery<{ email: string }>({ queryKey: ['/api/support/contact'], staleTime: Infinity });
}
