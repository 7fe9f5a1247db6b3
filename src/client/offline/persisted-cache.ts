import { defaultShouldDehydrateQuery, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
// Its shapes only: its functions run on its own copy of query-core (5.104, against the app's
// 5.108), which would be a second copy in the bundle; restoring and saving are a few lines here.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { offlineDb } from './db';
import { keptOnDevice, propertyIdIn, type PropertyOfRecord } from './persist-rules';

/**
 * The query cache kept on the device (docs/offline.md, "What works offline"): one entry per
 * person in the `queryCache` store, so a shared device never shows one person another's data;
 * kept 30 days from the last save, and dropped when a new version of the app is installed.
 */
export const KEPT_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const SAVE_EVERY_MS = 1000;

/** Whose answers: the person and the organisation they were read in (a switch changes every answer). */
export interface CacheOwner {
  userId: number;
  organizationId: number | null;
}

const entryKey = ({ userId, organizationId }: CacheOwner) => `user:${userId}:org:${organizationId ?? 'none'}`;

/**
 * The build's id: the entry script's hashed name changes with every build that changes any code
 * (its hash covers the chunks it imports), so answers kept by an older version are not read by a
 * newer one whose screens may expect other shapes.
 */
export function buildId(): string {
  const entry = typeof document === 'undefined' ? null : document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'development';
}

/** A persister on the device's IndexedDB, saving at most once a second. */
function devicePersister(owner: CacheOwner, beforeRestore: (client: PersistedClient) => void): Persister & { cancel(): void } {
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    timer = undefined;
    const client = pending;
    pending = undefined;
    if (client) await (await offlineDb()).put('queryCache', client, entryKey(owner));
  };
  const cancel = () => {
    pending = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    cancel,
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void write(), SAVE_EVERY_MS);
    },
    async restoreClient() {
      const client = (await (await offlineDb()).get('queryCache', entryKey(owner))) as PersistedClient | undefined;
      if (client) beforeRestore(client);
      return client;
    },
    async removeClient() {
      cancel();
      await (await offlineDb()).delete('queryCache', entryKey(owner));
    },
  };
}

/**
 * What is kept on the device is kept in memory while the app is open: a query let go after the
 * usual 10 minutes would drop out of the next save (TanStack Query's persisting asks gcTime >=
 * maxAge). Infinity, not 30 days: a timer longer than 2^31 ms (24.8 days) fires at once.
 */
export const KEEP_IN_MEMORY = Infinity;

export function keepInMemory(client: QueryClient, key: readonly unknown[]): void {
  client.setQueryDefaults(key, { gcTime: KEEP_IN_MEMORY });
}

/** The record roots' first two key parts ([root, id]) or the whole key when shorter. */
const recordPrefix = (key: readonly unknown[]) => key.slice(0, 2);

export interface PersistedCache {
  /** The properties kept on the device changed: what is saved follows. */
  setOfflineProperties(ids: ReadonlySet<number>): void;
  stop(): void;
}

let running: { key: string; userId: number; cache: PersistedCache } | undefined;
/** Starts one after another: the load and the signed-in effect may both ask at once. */
let starting: Promise<unknown> = Promise.resolve();

/**
 * Restores this person's kept answers into the cache (older than what is there already are
 * ignored by TanStack Query's hydrate), then saves what the rules keep as it changes.
 */
export function startPersistedCache(client: QueryClient, owner: CacheOwner, offline: ReadonlySet<number>): Promise<PersistedCache> {
  const started = starting.then(() => start(client, owner, offline));
  starting = started.catch(() => undefined);
  return started;
}

async function start(client: QueryClient, owner: CacheOwner, offline: ReadonlySet<number>): Promise<PersistedCache> {
  if (running?.key === entryKey(owner)) {
    running.cache.setOfflineProperties(offline);
    return running.cache;
  }
  running?.cache.stop();
  let kept = new Set(offline);
  const propertyOfRecord: PropertyOfRecord = (root, id) => propertyIdIn(client.getQueryData([root, id]));
  const persister = devicePersister(owner, (saved) => {
    for (const query of saved.clientState.queries) keepInMemory(client, recordPrefix(query.queryKey));
  });
  const buster = buildId();
  // Restored as persistQueryClientRestore does: nothing older than maxAge or from another build.
  const saved = await Promise.resolve(persister.restoreClient()).catch(() => undefined);
  if (saved && saved.buster === buster && Date.now() - saved.timestamp <= KEPT_FOR_MS) hydrate(client, saved.clientState);
  else if (saved) await Promise.resolve(persister.removeClient()).catch(() => undefined);
  for (const id of kept) keepInMemory(client, ['/api/properties', id]);
  // Saved as persistQueryClientSubscribe does: on every change to the cache, at most once a second.
  const save = () =>
    persister.persistClient({
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(client, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && keptOnDevice(query.queryKey, kept, propertyOfRecord),
        // Changes waiting to be sent live in the outbox, not in the cache.
        shouldDehydrateMutation: () => false,
      }),
    });
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') void save();
  });
  const cache: PersistedCache = {
    setOfflineProperties(ids) {
      kept = new Set(ids);
      for (const id of kept) keepInMemory(client, ['/api/properties', id]);
      // A property removed from the device leaves the saved copy now, not at the next change.
      void save();
    },
    stop() {
      unsubscribe();
      persister.cancel();
      if (running?.cache === cache) running = undefined;
    },
  };
  running = { key: entryKey(owner), userId: owner.userId, cache };
  void save();
  return cache;
}

/** Stops saving (signing out); the answers kept are deleted by forget-offline-data.ts. */
export function stopPersistedCache(): void {
  running?.cache.stop();
}
