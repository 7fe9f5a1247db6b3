import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app opens a dialog,
 * closing or reloading the tab the browser's own question (beforeunload). `release()` lets
 * the next navigation through without asking: call it when the edits were just saved.
 */
export function useLeaveGuard(dirty: boolean): { guard: ReactNode; release: () => void } {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const released = useRef(false);
  useEffect(() => {
    if (dirty) released.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyNow.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const guard = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="What you entered on this page is not saved. Stay to finish it, or leave and lose it."
      cancelLabel="Stay on this page"
      confirmLabel="Leave this page"
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
  return { guard, release: () => (released.current = true) };
}
