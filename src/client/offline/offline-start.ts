import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { forgetOfflineData } from './forget-offline-data';
import { keepSession } from './kept-session';
import { markWalkPropertyOffline, offlinePropertiesOf, onOfflinePropertiesChange } from './offline-properties';
import { startPersistedCache, stopPersistedCache, type PersistedCache } from './persisted-cache';

/**
 * What a signed-in app does for working without signal (docs/offline.md, "What works offline"):
 * keeps the session, restores this person's kept answers before the first screen is drawn, saves
 * what the rules keep, and, while online, fetches the offline properties' data once the first
 * screen is up, one property after another.
 */

let session: { userId: number; organizationId: number | undefined; cache: PersistedCache; stopListening: () => void } | undefined;
/** Properties fetched in this page's life; a new mark fetches only the new one. */
const fetched = new Set<number>();

const afterFirstPaint = (run: () => void) => {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(run, { timeout: 3000 });
  else setTimeout(run, 1000);
};

let queue: Promise<void> = Promise.resolve();

/** Fetches these properties' data one at a time, behind any fetching already queued. */
function prefetchInTurn(client: QueryClient, ids: number[]): Promise<void> {
  for (const id of ids) {
    if (fetched.has(id)) continue;
    fetched.add(id);
    queue = queue
      .then(async () => {
        // Gone offline meanwhile: fetched when the network is back ('online' below).
        if (!navigator.onLine) fetched.delete(id);
        // Loaded only when there is a property to fetch: it reaches into every feature's queries.
        else await (await import('./prefetch-offline')).prefetchOfflineProperty(client, id);
      })
      .catch(() => undefined);
  }
  return queue;
}

/**
 * An open walk-through read from the server keeps its property on the device for its day
 * (markWalkPropertyOffline), so a walk begun with signal goes on in a basement without it.
 */
function markWalkedProperties(client: QueryClient): () => void {
  const marked = new Set<number>();
  return client.getQueryCache().subscribe((event) => {
    const [root, id] = event.query.queryKey;
    if (event.type !== 'updated' || event.action.type !== 'success' || root !== '/api/walkthroughs' || typeof id !== 'number') return;
    const walk = event.query.state.data as { status?: string; propertyId?: number; propertyName?: string } | undefined;
    if (walk?.status !== 'open' || typeof walk.propertyId !== 'number' || marked.has(walk.propertyId)) return;
    marked.add(walk.propertyId);
    void markWalkPropertyOffline(walk.propertyId, walk.propertyName ?? 'Walk-through');
  });
}

/**
 * Opens the device's offline data for this person. `confirmed`: the server answered for the
 * session now (not the kept copy read without a network).
 */
export async function openOfflineData(client: QueryClient, user: SessionUser, confirmed: boolean): Promise<void> {
  if (session?.userId !== user.id) {
    session?.stopListening();
    fetched.clear();
  }
  if (confirmed) await keepSession(user).catch(() => undefined);
  const ids = (await offlinePropertiesOf(user.id, user.organization?.id).catch(() => [])).map((p) => p.propertyId);
  const cache: PersistedCache = await startPersistedCache(client, { userId: user.id, organizationId: user.organization?.id ?? null }, new Set(ids));
  if (session?.userId === user.id) {
    // The same person again, or in another organisation (a switch empties the cache): the
    // listener saves through this cache, and the offline properties are fetched again.
    session.organizationId = user.organization?.id;
    if (session.cache !== cache) {
      session.cache = cache;
      fetched.clear();
      afterFirstPaint(() => void prefetchInTurn(client, ids));
    }
    return;
  }
  const refresh = () =>
    void offlinePropertiesOf(user.id, session?.organizationId).then((now) => {
      const nowIds = now.map((p) => p.propertyId);
      session?.cache.setOfflineProperties(new Set(nowIds));
      for (const id of fetched) if (!nowIds.includes(id)) fetched.delete(id);
      void prefetchInTurn(client, nowIds);
    });
  const stopChanges = onOfflinePropertiesChange(refresh);
  const stopWalks = markWalkedProperties(client);
  // Back online after a start without signal: fetch what could not be fetched then.
  window.addEventListener('online', refresh);
  session = {
    userId: user.id,
    organizationId: user.organization?.id,
    cache,
    stopListening: () => {
      stopChanges();
      stopWalks();
      window.removeEventListener('online', refresh);
    },
  };
  afterFirstPaint(() => void prefetchInTurn(client, ids));
}

/**
 * Signing out: forgets the kept session and this person's kept answers, so the next person on
 * the device starts from nothing. The outbox is not touched (its changes are asked about first),
 * nor the list of properties this person keeps offline (fetched afresh at their next sign-in).
 */
export async function closeOfflineData(userId: number | undefined): Promise<void> {
  session?.stopListening();
  session = undefined;
  fetched.clear();
  stopPersistedCache();
  await forgetOfflineData(userId);
}
