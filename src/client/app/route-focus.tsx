import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a lazy page may take to show its heading before focus stays where it is. */
const WAIT_MS = 5000;

/** The page's heading; a loading screen's ("Loading Firemark...", aria-busy) is no page's. */
function visibleHeading(): HTMLElement | null {
  const headings = [...document.querySelectorAll<HTMLElement>('main h1, h1')].filter((h) => !h.closest('[aria-busy="true"]'));
  return headings.find((h) => h.checkVisibility?.() ?? h.offsetParent !== null) ?? null;
}

/**
 * Whether this page was opened by a link on one of Firemark's own pages loaded in full (the
 * prerendered landing page has no script, so its links load the app anew): that is a move
 * inside Firemark too, and lands on the heading like one.
 */
function arrivedByOwnLink(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'navigate' || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

const isTextField = (element: Element | null): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && ['text', 'search', 'email', 'tel', 'url', 'number', 'password'].includes(element.type));

/**
 * After a navigation inside the app, focus moves to the new page's heading and its title is
 * announced, as a full page load would (a screen reader otherwise stays on the old link).
 * Only the path counts: a filter in the query string is not a new page.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!arrivedByOwnLink()) return;
    }
    const from = document.activeElement;
    let done = false;
    const land = () => {
      const heading = visibleHeading();
      if (done || !heading) return;
      done = true;
      observer.disconnect();
      // Someone who already moved on (typing in a field) keeps their place, and so does someone
      // in a text field that outlives the navigation (the top bar's search): they may go on
      // typing while the new page loads, and its results must not close under them.
      const inLastingField = document.activeElement === from && isTextField(from) && from.isConnected;
      const stillThere =
        !inLastingField &&
        (!from || from === document.body || !from.isConnected || document.activeElement === from || document.activeElement === document.body);
      if (stillThere) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      // The page's own effect has set the title by the time its heading shows.
      setAnnouncement(document.title);
    };
    const observer = new MutationObserver(land);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
    const timer = setTimeout(() => {
      done = true;
      observer.disconnect();
    }, WAIT_MS);
    requestAnimationFrame(land);
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);

  useEffect(() => {
    if (!announcement) return;
    const clear = setTimeout(() => setAnnouncement(''), 1000);
    return () => clearTimeout(clear);
  }, [announcement]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
