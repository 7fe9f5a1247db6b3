import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '@/app/auth-context';

// The sender's code (the device store, the outbox) loads once someone is signed in.
const OutboxSync = lazy(() => import('./outbox-sync').then((m) => ({ default: m.OutboxSync })));

/**
 * Sends the outbox while someone is signed in. Signed out (or the session gone), nobody owns it:
 * nothing is sent until the same person signs in again, since the server applies a change as
 * whoever's session carries it.
 */
export function OutboxSyncGate() {
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (isLoading || isAuthenticated) return;
    void import('./outbox-owner').then((m) => m.setOutboxOwner(null)).catch(() => undefined);
  }, [isAuthenticated, isLoading]);
  return isAuthenticated ? (
    <Suspense fallback={null}>
      <OutboxSync />
    </Suspense>
  ) : null;
}
