import { expect, type Page } from '@playwright/test';

/**
 * What the device holds for working without signal (docs/offline.md), read from the page as the
 * app wrote it: whether its service worker controls the page, the kept query keys and the outbox.
 */

/** Once the page has loaded and idled, the service worker takes it (it keeps the app's code). */
export async function workerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready) && navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

/** The query keys the device keeps (the persisted cache), as the app wrote them. */
export function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('firemark-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queryCache')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('queryCache').objectStore('queryCache').getAll();
          all.onsuccess = () => {
            const entries = all.result as { clientState?: { queries?: { queryKey: unknown[] }[] } }[];
            resolve(entries.flatMap((entry) => (entry.clientState?.queries ?? []).map((query) => JSON.stringify(query.queryKey))));
            db.close();
          };
        };
      }),
  );
}

/** How many changes the device still holds in its outbox. */
export function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('firemark-offline');
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}
