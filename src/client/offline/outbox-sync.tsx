import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth-context';
import { OUTBOX_SYNC_TAG } from '@/app/service-worker/messages';
import { drainOnce } from './drain';
import { onChangesAccepted, refreshOutbox, useOutboxSummary } from './outbox';
import { setOutboxOwner } from './outbox-owner';
import { retryDelayMs } from './outbox-rules';

/** While changes wait, how often the outbox is tried again even without a sign of the network. */
const WAITING_RETRY_MS = 60_000;

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks Chrome to wake the service worker once the network is back, even if the app is closed by then. */
function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/**
 * When the outbox is sent (docs/offline.md, "When changes are sent"): once signed in, when the
 * network returns, every minute while changes wait, sooner after a failure (2 s doubling), and
 * by Background Sync where the browser has it. Accepted changes make the screens read again.
 */
export function OutboxSync() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { waiting } = useOutboxSummary();
  const userId = user?.id;
  const organizationId = user?.organization?.id;
  const failures = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ready = useRef(false);

  const drain = useRef(() => {
    if (!ready.current) return;
    clearTimeout(retry.current);
    void drainOnce().then((result) => {
      if (result !== 'stopped') {
        failures.current = 0;
        return;
      }
      failures.current += 1;
      askForBackgroundSync();
      retry.current = setTimeout(() => drain.current(), retryDelayMs(failures.current));
    });
  });

  // The signed-in person owns what is sent from now on; then what waited for them goes.
  useEffect(() => {
    if (!userId || !organizationId) return;
    let live = true;
    void setOutboxOwner({ userId, organizationId }).then(() => {
      if (!live) return;
      ready.current = true;
      refreshOutbox();
      drain.current();
    });
    return () => {
      live = false;
      ready.current = false;
      clearTimeout(retry.current);
    };
  }, [userId, organizationId]);

  useEffect(() => onChangesAccepted(() => void queryClient.invalidateQueries()), [queryClient]);

  useEffect(() => {
    const onOnline = () => {
      failures.current = 0;
      drain.current();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  useEffect(() => {
    if (waiting === 0) return;
    askForBackgroundSync();
    const timer = setInterval(() => drain.current(), WAITING_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  return null;
}
