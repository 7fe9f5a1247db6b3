/**
 * A signed-in first load draws its first screen once, complete, rather than a shell of
 * skeletons that fill in one answer at a time: the loader stays up until the screen's code and
 * first data have arrived (routes.tsx's preloadFirstPage asks for them with the session), then
 * the screen is drawn as a transition, which yields to the browser every few milliseconds. Each
 * answer drawn on its own would be a render of its own that holds the main thread
 * (TanStack Query's updates are never transitions), and each moved the layout.
 * The wait is capped: past FIRST_SCREEN_WAIT_MS the screen is drawn with its own loading states.
 */
const FIRST_SCREEN_WAIT_MS = 1500;

let firstScreenData: Promise<unknown> = Promise.resolve();

/** Called once, at load, with the first screen's code and data as they are being fetched. */
export function awaitOnFirstScreen(data: Promise<unknown>): void {
  // A failure is the page's to show (a query's error, a chunk that did not load), not this wait's.
  firstScreenData = data.catch(() => undefined);
}

/** Resolves once the first screen's code and data have arrived or failed, or after FIRST_SCREEN_WAIT_MS. */
export function firstScreenReady(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    void firstScreenData.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
