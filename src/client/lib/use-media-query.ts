import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * Tailwind's breakpoints as the built CSS writes them (in rem, so a browser whose default font
 * size is not 16 px moves them), so a layout switch in code agrees with the CSS at every width.
 */
export const SM_UP = '(min-width: 40rem)';
export const MD_UP = '(min-width: 48rem)';
