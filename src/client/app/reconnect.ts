/** SPEC 9: after the connection returns, at most 5 attempts, 2 s times the attempt number apart. */
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_DELAY_MS = 2_000;

const serverAnswers = () =>
  fetch('/healthz', { cache: 'no-store', credentials: 'same-origin' }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * The browser saying "online" does not mean the server is reachable yet (captive portals,
 * waking radios): wait until it answers, then call `onBack`. Returns a cancel function.
 */
export function whenServerAnswers(onBack: () => void): () => void {
  let cancelled = false;
  let timer: number | undefined;
  const attempt = async (n: number) => {
    if (cancelled) return;
    if (await serverAnswers()) {
      if (!cancelled) onBack();
      return;
    }
    if (n < RECONNECT_ATTEMPTS) timer = window.setTimeout(() => void attempt(n + 1), RECONNECT_BASE_DELAY_MS * n);
  };
  void attempt(1);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}
