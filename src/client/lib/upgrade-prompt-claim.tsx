import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * One upgrade prompt per screen (issue 10): the shell's free-plan banner is the prompt,
 * unless the page itself is an upgrade prompt (a screen the plan blocks); then the banner
 * steps aside while that prompt is shown.
 */
const ClaimContext = createContext<{ claimed: boolean; claim: () => () => void }>({ claimed: false, claim: () => () => {} });

export function UpgradePromptClaims({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const [claim] = useState(() => () => {
    setCount((n) => n + 1);
    return () => setCount((n) => n - 1);
  });
  return <ClaimContext.Provider value={{ claimed: count > 0, claim }}>{children}</ClaimContext.Provider>;
}

/** True while a page shows its own upgrade prompt. */
export const usePageHasUpgradePrompt = () => useContext(ClaimContext).claimed;

/** Called by a page's own upgrade prompt: the banner hides while it is mounted. */
export function useClaimUpgradePrompt(active = true): void {
  const { claim } = useContext(ClaimContext);
  useEffect(() => (active ? claim() : undefined), [active, claim]);
}
