import { useEffect } from 'react';
import type { AppRouter } from './app';
import { useAuth } from './auth-context';
import { preloadSignedInPage } from './routes';

/**
 * While someone is signed in, each navigation to another page or query string starts that
 * page's code and first data together (routes.tsx). The router tells its subscribers of a new
 * location before React renders it, so the data is asked for before the page's code has arrived.
 */
export function PreloadOnNavigation({ router }: { router: AppRouter }): null {
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    if (!isAuthenticated) return;
    let last = router.state.location;
    return router.subscribe(({ location }) => {
      if (location.pathname === last.pathname && location.search === last.search) return;
      last = location;
      preloadSignedInPage(location);
    });
  }, [isAuthenticated, router]);
  return null;
}
