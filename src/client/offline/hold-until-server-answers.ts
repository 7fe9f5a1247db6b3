import { onlineManager } from '@tanstack/react-query';

const POLL_MS = 15_000;

/**
 * The app opened with its kept session because the server could not be reached. Queries then
 * wait with their kept answers instead of failing (a failed refetch would replace a page kept on
 * the device by an error). With the browser offline, its 'online' event lets them go again; with
 * the browser "online" but the server out of reach (a Wi-Fi without internet, a captive portal),
 * the server is asked every 15 s until it answers.
 */
export function holdQueriesUntilServerAnswers(): void {
  onlineManager.setOnline(false);
  if (!navigator.onLine) return;
  const poll = async () => {
    const answers = await fetch('/healthz', { cache: 'no-store', credentials: 'same-origin' }).then(
      (response) => response.ok,
      () => false,
    );
    if (answers) onlineManager.setOnline(true);
    else window.setTimeout(() => void poll(), POLL_MS);
  };
  window.setTimeout(() => void poll(), POLL_MS);
}
