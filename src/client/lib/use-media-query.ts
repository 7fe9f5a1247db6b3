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

/** Tailwind's breakpoints as queries, so a layout switch in code agrees with the CSS. */
export const SM_UP = '(min-width: 640px)';
export const MD_UP = '(min-width: 768px)';
