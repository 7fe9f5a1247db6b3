import type { SessionUser } from '@shared/schemas/auth';
import { api, isApiError } from '@/lib/api';

/** The signed-in user, or null when signed out. A 401 here is an answer, not an error. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/auth/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

let atLoad: Promise<SessionUser | null> | undefined;

const isSharePage = () => typeof window !== 'undefined' && window.location.pathname.startsWith('/share/');

/**
 * The page load's one session check (SPEC 4). The app asks for it before it starts fetching the
 * first page's code, so the answer is not queued behind those downloads.
 */
export function sessionAtLoad(): Promise<SessionUser | null> {
  // A share link's page is for people without an account and reads nothing of a session: it
  // asks no signed-in question at all, so its visitors' consoles show no 401.
  atLoad ??= isSharePage() ? Promise.resolve(null) : fetchSessionUser();
  return atLoad;
}
