import type { Workbox } from 'workbox-window';
import { toast } from '@/components/ui/use-toast';

export const UPDATE_READY = 'A new version of Firemark is ready.';

/**
 * Offers the new version once its worker is installed and waiting. Nothing reloads by itself:
 * the person chooses Reload when they are ready, and a form with unsaved entries still asks
 * before the page goes (leave-guard.tsx's beforeunload question). Until then the page keeps
 * running on the version it opened with.
 */
export function promptForUpdates(wb: Workbox): void {
  // The first worker to take a page that had none (the first visit, here or from another tab)
  // is not newer than the page: only a worker replacing another offers a reload.
  let controlled = Boolean(navigator.serviceWorker.controller);
  let pending: (() => void) | null = null;
  let reloading = false;

  const offer = () => {
    if (!pending) return;
    const apply = pending;
    toast({
      title: UPDATE_READY,
      // Only one toast shows at a time, so a later message may replace it; it comes back when
      // the person returns to the app (below).
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', altText: 'Reload the page to use the new version of Firemark', onClick: apply },
    });
  };

  wb.addEventListener('waiting', () => {
    if (!navigator.serviceWorker.controller) return;
    pending = () => {
      reloading = true;
      // The new worker takes over, and then this page reloads with its files.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    offer();
  });
  // Another tab chose Reload: this page's files are now the old version's, so offer a reload here too.
  wb.addEventListener('controlling', (event) => {
    const replaced = controlled;
    controlled = true;
    if (reloading || !event.isExternal || !replaced) return;
    pending = () => window.location.reload();
    offer();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') offer();
  });
}
