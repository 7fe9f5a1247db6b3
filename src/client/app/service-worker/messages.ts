/** What the page and the service worker (src/client/sw.ts) say to each other. */

/** Sent by the page to a waiting worker when the person chooses Reload: take over now. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The Background Sync tag under which the page asks Chrome to wake the worker once the network
 * is back, so the outbox is sent even if the app is closed by then (docs/offline.md).
 */
export const OUTBOX_SYNC_TAG = 'firemark-outbox';
