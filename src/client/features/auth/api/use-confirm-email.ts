import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailInput } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { fetchSessionUser } from './session';
import { useAuth } from '@/app/auth-context';

/**
 * POST /api/auth/confirm-email with the link's token. The page shows the outcome itself (no
 * toast). A signed-in browser reloads its session user, so the confirmation banner goes.
 */
export function useConfirmEmail() {
  const { isAuthenticated, updateUser } = useAuth();
  return useMutation({
    mutationFn: (input: ConfirmEmailInput) => api.post<{ message: string }>('/api/auth/confirm-email', input),
    onSuccess: async () => {
      if (!isAuthenticated) return;
      const user = await fetchSessionUser().catch(() => null);
      if (user) updateUser(user);
    },
  });
}
