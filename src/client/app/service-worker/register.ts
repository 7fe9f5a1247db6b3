import { Workbox } from 'workbox-window';
import { promptForUpdates } from './update-prompt';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Installs the service worker (src/client/sw.ts, served as /sw.js), which keeps the app's code
 * on the device so it opens without a network. A browser checks for a new worker when a page
 * is opened; a phone may keep one page open for days, so it is asked every hour as well.
 */
export function registerServiceWorker(): void {
  // Some browsers, private windows and managed devices offer no workers: the app then simply
  // needs the network, as before.
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  promptForUpdates(wb);
  wb.register().then(
    (registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), HOUR_MS);
    },
    // A refused registration (blocked by policy or by the browser) leaves the app as it was.
    () => undefined,
  );
}
