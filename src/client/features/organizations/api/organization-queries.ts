import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { fetchSessionUser } from '@/features/auth/api/session';

export const ORGANIZATIONS_KEY = ['/api/organizations'] as const;

/**
 * After the session moved to another organisation (a switch, or one just created): every cached
 * answer belonged to the one before, so the cache is emptied before anything can show it, and
 * the session's user comes back with the new organisation and role. The caller hands the user to
 * the auth context; the shell, keyed by the organisation, then draws every screen afresh.
 */
export async function enterOrganization(queryClient: QueryClient): Promise<SessionUser> {
  await queryClient.cancelQueries();
  const user = await fetchSessionUser();
  if (!user) throw new Error('401: the session ended');
  // Queries only: the mutation that called this is still finishing.
  queryClient.getQueryCache().clear();
  return user;
}
