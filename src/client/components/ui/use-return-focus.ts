import { useRef } from 'react';

type FocusEvent = { preventDefault(): void; defaultPrevented: boolean };

/**
 * Radix returns focus to a dialog's Trigger on close. Dialogs opened from elsewhere (a row's
 * button, a menu) have none, and focus would fall to the page's body: remember what had
 * focus when the dialog opened and go back there, if it is still on the page.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      if ((event as unknown as FocusEvent).defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
