import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, zod's validation, a date picker) loads when it is first
 * opened, so a page that only shows the button that opens it does not download it. It takes
 * the dialog's own props. `preload` starts the download earlier, on pointer-down or focus of
 * that button, so the dialog opens at once. Once opened it stays mounted, so its closing
 * animation and its return of focus still run.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => void } {
  const Lazy = lazy(() => load().then((Dialog) => ({ default: Dialog })));
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    // Set while rendering, as React allows for state derived from props: no effect, no extra paint.
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: () => void load() });
}

/** Props for the control that shows a lazily loaded part (a dialog, a tab): reaching for it starts the download. */
export function reachFor(dialog: { preload: () => void }): { onPointerDown: () => void; onFocus: () => void } {
  return { onPointerDown: dialog.preload, onFocus: dialog.preload };
}
