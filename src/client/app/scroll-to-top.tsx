import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at its top, as it would with full page loads. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
