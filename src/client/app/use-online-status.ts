import { useSyncExternalStore } from 'react';

// SPEC 4 asks for an offline check every 60 s besides the browser's events, which some
// platforms fire late or not at all.
const POLL_MS = 60_000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const timer = window.setInterval(onChange, POLL_MS);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.clearInterval(timer);
  };
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
