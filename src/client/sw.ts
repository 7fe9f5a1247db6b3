/// <reference lib="webworker" />
/**
 * The service worker (vite.config.ts builds it with vite-plugin-pwa's injectManifest; the
 * server sends it as /sw.js). It keeps the app's own files so the app opens without a network,
 * and sends the outbox when Chrome's Background Sync says the network is back.
 * It never keeps API answers: the data kept on the device is the app's own persisted cache
 * (docs/offline.md), which knows whose it is and when it was fetched.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { drainOutbox } from '@/offline/drain';
import { OUTBOX_SYNC_TAG, SKIP_WAITING } from '@/app/service-worker/messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Background Sync's event (Chrome only), which lib.webworker does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The build's scripts, stylesheet, icons and the app's page (index.html), listed with their
// hashes at build time; a new build's worker fetches what changed and drops what is gone.
// A request for "/" is not answered with the precached index.html (Workbox's directoryIndex):
// "/" is the landing page or the signed-in page, which the server chooses (navigations, below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The first worker takes the open page at once, so the page's later lazy code comes from the
// precache even if the network goes before the next reload. A newer worker waits: it takes
// over only when the person chooses Reload (update-prompt.ts), never under an unsaved form.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Navigations ask the server first, so an online person always gets the page the server
// means (the landing page, the signed-in page with its preloads). The server's own request
// starts while the worker wakes (navigation preload). With no answer within 3 seconds, or no
// network, the app's page from the precache opens instead: it holds no data and no session,
// only the code, which then opens what the device keeps. API paths and the server's probes
// are not the app's pages.
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});
const appPage = async () => (await matchPrecache('/index.html')) ?? Response.error();
registerRoute(
  new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: 3, plugins: [{ handlerDidError: appPage }] }), {
    denylist: [/^\/api\//, /^\/(healthz|readyz)$/, /\.[a-z0-9]+$/i],
  }),
);

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainOutbox());
});
