import type { SessionUser } from '@shared/schemas/auth';
import { fetchSessionUser } from './session';

/**
 * Signing in or up answers with the account only; the organisation it works in, and its role
 * there, come with the session check. Asked for before the first signed-in screen is drawn, so
 * that screen offers what the role can do from the start instead of filling in a moment later.
 */
export async function withOrganization(user: SessionUser): Promise<SessionUser> {
  if (user.organization !== undefined) return user;
  const session = await fetchSessionUser().catch(() => null);
  return session ?? user;
}
