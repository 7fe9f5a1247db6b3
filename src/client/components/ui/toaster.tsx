import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, type ToastPlacement } from './toast';
import { dismissToast, useToast } from './use-toast';

// Tailwind's sm breakpoint, where toasts move from the top to the bottom right.
const WIDE = 640;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the toasts would stand at a placement, as tall and wide as they are now. */
function toastArea(placement: ToastPlacement, width: number, height: number): Box {
  const wide = window.innerWidth >= WIDE;
  const left = wide ? window.innerWidth - width : 0;
  const atTop = wide ? placement === 'opposite' : placement === 'usual';
  return atTop
    ? { top: 0, bottom: height, left, right: window.innerWidth }
    : { top: window.innerHeight - height, bottom: window.innerHeight, left, right: window.innerWidth };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The toasts, kept off the control that has the keyboard focus: a toast that would cover it
 * shows at the other end of the screen instead, while toasts are shown.
 */
export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  const [placement, setPlacement] = useState<ToastPlacement>('usual');
  const shown = toasts.some((t) => t.open);

  const place = useCallback(() => {
    const list = viewport.current;
    const focused = document.activeElement;
    if (!list || !focused || focused === document.body || list.contains(focused)) return;
    const rect = list.getBoundingClientRect();
    const target = focused.getBoundingClientRect();
    if (target.width === 0 && target.height === 0) return;
    setPlacement((current) => {
      const other = current === 'usual' ? 'opposite' : 'usual';
      const covers = (at: ToastPlacement) => overlaps(toastArea(at, rect.width, rect.height), target);
      return covers(current) && !covers(other) ? other : current;
    });
  }, []);

  // Measured after the toasts are drawn, so their height counts.
  useLayoutEffect(() => {
    if (shown) place();
    else setPlacement('usual');
  }, [shown, toasts, place]);

  useEffect(() => {
    if (!shown) return;
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [shown, place]);

  return (
    <ToastProvider>
      {toasts.map((t) => (
        <Toast
          key={t.id}
          open={t.open}
          variant={t.variant}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{t.title}</ToastTitle>
            {t.description ? <ToastDescription>{t.description}</ToastDescription> : null}
          </div>
          {t.action ? (
            <ToastAction altText={t.action.altText} onClick={t.action.onClick}>
              {t.action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} placement={placement} />
    </ToastProvider>
  );
}
