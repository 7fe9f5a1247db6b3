import { useEffect, useRef, useState, type ReactNode } from 'react';

/** SPEC 9: tooltips open after 700 ms, and within 300 ms of closing one the next opens at once. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = 0;

/**
 * A short label under an icon button, on hover or keyboard focus. Escape hides it, and the
 * pointer may move onto it without it closing (WCAG 1.4.13). The button names itself with
 * aria-label, so the label is for the eyes only and nothing is read twice. Written here
 * rather than with Radix's, whose positioning engine every signed-in page would download for
 * two labels in the top bar.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = () => {
    window.clearTimeout(timer.current);
    if (Date.now() - lastClosedAt < SKIP_DELAY_MS) setShown(true);
    else timer.current = window.setTimeout(() => setShown(true), OPEN_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setShown((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };

  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show()}
      onBlur={hide}
    >
      {children}
      {shown ? (
        // The padding, not a margin, bridges the gap, so the pointer can cross onto the label.
        <span aria-hidden="true" className="absolute right-0 top-full z-50 pt-1.5">
          <span className="block whitespace-nowrap rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md animate-fade-in">
            {content}
          </span>
        </span>
      ) : null}
    </span>
  );
}
