import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { isApiError } from '@/lib/api';
import { onSessionEndedAfterLoad, sessionAtLoad, sessionEndedOnServer, sessionIsKeptCopy } from '@/features/auth/api/session';
import { AuthContext, type AuthContextValue, type SignOutReason } from './auth-context';
import { firstScreenReady } from './first-screen';
import { setDisplayTimeZone } from '@/lib/format-date';

/**
 * The device's offline data for this person (docs/offline.md, "What works offline"): their kept
 * answers restored before the first screen is drawn, and saved from then on. Its code loads apart.
 */
const openOfflineData = (client: QueryClient, user: SessionUser, confirmed: boolean) =>
  import('@/offline/offline-start').then((m) => m.openOfflineData(client, user, confirmed)).catch(() => undefined);
const closeOfflineData = (userId: number | undefined) =>
  import('@/offline/offline-start').then((m) => m.closeOfflineData(userId)).catch(() => undefined);
const forgetOfflineData = () => import('@/offline/forget-offline-data').then((m) => m.forgetOfflineData()).catch(() => undefined);

let signedInAtLoad: Promise<SessionUser | null> | undefined;

/**
 * The page load's session (SPEC 4) and, once it is known, the first screen's data: its code and
 * answers online (first-screen.ts), the device's kept answers restored either way. Begun by
 * app.tsx before React's first render, so without a network the kept answers are read from the
 * device while the loader is drawn, not after it. Resolves with the user, or null when signed out.
 */
export function sessionAndFirstScreenAtLoad(client: QueryClient): Promise<SessionUser | null> {
  signedInAtLoad ??= sessionAtLoad().then(async (user) => {
    if (!user) return null;
    const kept = sessionIsKeptCopy();
    // The first screen is drawn once its data is here, in slices (first-screen.ts); without
    // a network it is drawn at once from what the device kept.
    await Promise.all([kept ? undefined : firstScreenReady(), openOfflineData(client, user, !kept)]);
    return user;
  });
  return signedInAtLoad;
}

type State =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; user: null; justLoggedOut: boolean; expired?: boolean };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'loading', user: null });
  const checked = useRef(false);
  const userIdRef = useRef<number | undefined>(undefined);
  userIdRef.current = state.user?.id ?? userIdRef.current;

  // SPEC 4: the session is checked once per page load (the ref survives StrictMode's re-run).
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    sessionAndFirstScreenAtLoad(queryClient)
      .then((user) => {
        if (!user) {
          // The server says the session has ended: what was kept on the device for it goes too.
          if (sessionEndedOnServer()) void forgetOfflineData();
          return setState({ status: 'unauthenticated', user: null, justLoggedOut: false });
        }
        // Opened offline with the kept session, the server may have answered 401 meanwhile.
        if (sessionEndedOnServer()) {
          void forgetOfflineData();
          return setState((prev) => (prev.status === 'unauthenticated' ? prev : { status: 'unauthenticated', user: null, justLoggedOut: false }));
        }
        startTransition(() => setState({ status: 'authenticated', user }));
      })
      .catch(() => setState({ status: 'unauthenticated', user: null, justLoggedOut: false }));
  }, []);

  const signIn = useCallback(
    (user: SessionUser) => {
      setState({ status: 'authenticated', user });
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const signOut = useCallback(
    (reason: SignOutReason) => {
      // The first sign-out wins: a logout answered with 401 must still count as a logout.
      setState((prev) =>
        prev.status === 'unauthenticated'
          ? prev
          : { status: 'unauthenticated', user: null, justLoggedOut: reason === 'logout', expired: reason === 'expired' },
      );
      queryClient.clear();
      void closeOfflineData(userIdRef.current);
    },
    [queryClient],
  );

  const updateUser = useCallback((user: SessionUser) => {
    // Only the session check answers with the organisation in use; a profile or e-mail change
    // answers without it, and the organisation stays as it was.
    setState((prev) =>
      prev.status === 'authenticated'
        ? { status: 'authenticated', user: user.organization === undefined ? { ...user, organization: prev.user.organization } : user }
        : prev,
    );
  }, []);

  const acknowledgeLogout = useCallback(() => {
    setState((prev) => (prev.status === 'unauthenticated' && prev.justLoggedOut ? { ...prev, justLoggedOut: false } : prev));
  }, []);

  // Opened with the kept session before the server answered: its 401 signs out, as at load.
  useEffect(
    () =>
      onSessionEndedAfterLoad(() => {
        void forgetOfflineData();
        signOut('expired');
      }),
    [signOut],
  );

  // A 401 from any request means the session ended elsewhere (expiry, another tab's logout).
  const isAuthenticated = state.status === 'authenticated';
  useEffect(() => {
    if (!isAuthenticated) return;
    const onError = (error: unknown) => {
      if (isApiError(error) && error.status === 401) signOut('expired');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [isAuthenticated, queryClient, signOut]);

  // Signed in, or moved to another organisation (whose answers are kept apart): the device's
  // offline data follows. At load this finds it open already.
  const userRef = useRef(state.user);
  userRef.current = state.user;
  const userId = state.user?.id;
  const organizationId = state.user?.organization?.id;
  useEffect(() => {
    if (userRef.current) void openOfflineData(queryClient, userRef.current, !sessionIsKeptCopy());
  }, [queryClient, userId, organizationId]);

  // Before the children render, so every date they format is in this account's zone.
  setDisplayTimeZone(state.user?.timeZone);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      isLoading: state.status === 'loading',
      isAuthenticated,
      justLoggedOut: state.status === 'unauthenticated' && state.justLoggedOut,
      sessionExpired: state.status === 'unauthenticated' && Boolean(state.expired),
      signIn,
      signOut,
      updateUser,
      acknowledgeLogout,
    }),
    [state, isAuthenticated, signIn, signOut, updateUser, acknowledgeLogout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
