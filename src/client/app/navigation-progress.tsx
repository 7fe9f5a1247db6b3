import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { AppRouter } from './app';

/** A navigation quicker than this shows nothing, so pages already loaded do not flash a bar. */
const SHOW_AFTER_MS = 150;

/**
 * A bar along the top of the screen while a navigation waits for its page's code. React Router
 * renders a navigation as a transition, so the page people leave stays on screen until the next
 * one can be drawn; on a phone's network that can be a second or more after a tap, with nothing
 * to show the tap was taken. The router knows the new location at once (read here without a
 * transition); the screen shows the old one (useLocation) until it is drawn.
 */
export function NavigationProgress({ router }: { router: AppRouter }) {
  const requested = useSyncExternalStore(router.subscribe, () => router.state.location.key);
  const shown = useLocation().key;
  const waiting = requested !== shown;
  // The location whose wait has lasted long enough to show; the bar goes as soon as it is drawn.
  const [slow, setSlow] = useState<string | null>(null);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSlow(requested), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting, requested]);

  if (!waiting || slow !== requested) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden bg-primary/20">
      <span className="sr-only">Loading page...</span>
      <div aria-hidden="true" className="h-full w-1/3 bg-primary animate-navigation-progress motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
