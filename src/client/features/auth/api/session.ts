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
let keptCopy = false;
let endedOnServer = false;

/** Whether the load's session is the copy kept on the device (no network at load), not the server's answer. */
export const sessionIsKeptCopy = (): boolean => keptCopy;

/** Whether the server answered the load's check with 401 (not a share page, which asks nothing). */
export const sessionEndedOnServer = (): boolean => endedOnServer;

let endedLater: (() => void) | undefined;

/**
 * Called once if the load's session was the kept copy, taken before the server answered, and the
 * server then answers that the session has ended (401): the person is signed out as at load.
 */
export function onSessionEndedAfterLoad(listener: () => void): void {
  endedLater = listener;
}

const readKeptSession = () => import('@/offline/kept-session').then((m) => m.keptSession()).catch(() => null);

/** Opens with the kept session: the app's queries wait for a network instead of failing. */
async function openWithKeptCopy(kept: SessionUser): Promise<SessionUser> {
  keptCopy = true;
  // TanStack Query assumes a network until the browser's first 'offline' event: say there is
  // none now, so queries wait with their kept answers instead of failing.
  await import('@/offline/hold-until-server-answers').then((m) => m.holdQueriesUntilServerAnswers()).catch(() => undefined);
  return kept;
}

/**
 * The session check, or without a network (not a 401: that still signs out) the session kept on
 * the device, so a signed-in person opens the app signed in wherever they are (docs/offline.md).
 * When the browser knows it is offline, the kept session is read at once rather than after the
 * check has failed, and with it the code that opens the kept data starts loading; the check is
 * still asked, and a 401 from it still signs out (onSessionEndedAfterLoad).
 */
async function sessionOrKeptCopy(): Promise<SessionUser | null> {
  const check = fetchSessionUser();
  // Offline it fails while the kept session is read: not an unhandled rejection meanwhile.
  check.catch(() => undefined);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    void import('@/offline/offline-start').catch(() => undefined);
    const kept = await readKeptSession();
    if (kept) {
      check.then(
        (user) => {
          if (user !== null) return;
          endedOnServer = true;
          endedLater?.();
        },
        () => undefined,
      );
      return openWithKeptCopy(kept);
    }
  }
  try {
    const user = await check;
    endedOnServer = user === null;
    return user;
  } catch (error) {
    if (isApiError(error)) throw error;
    const kept = await readKeptSession();
    if (!kept) throw error;
    return openWithKeptCopy(kept);
  }
}

const isSharePage = () => typeof window !== 'undefined' && window.location.pathname.startsWith('/share/');

/**
 * The page load's one session check (SPEC 4). The app asks for it before it starts fetching the
 * first page's code, so the answer is not queued behind those downloads.
 */
export function sessionAtLoad(): Promise<SessionUser | null> {
  // A share link's page is for people without an account and reads nothing of a session: it
  // asks no signed-in question at all, so its visitors' consoles show no 401.
  atLoad ??= isSharePage() ? Promise.resolve(null) : sessionOrKeptCopy();
  return atLoad;
}
