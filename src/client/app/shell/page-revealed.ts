import { createContext, useContext } from 'react';

/**
 * Whether the signed-in page is shown: SPEC 9's free-plan banner mounts it hidden until the plan
 * is known and its reveal delay has passed. A page that draws a long list in steps waits for it
 * before drawing what is off screen, so the reveal lays out only the first screenful.
 * Outside the banner a page is shown as soon as it is mounted.
 */
export const PageRevealedContext = createContext(true);

export const usePageRevealed = (): boolean => useContext(PageRevealedContext);
