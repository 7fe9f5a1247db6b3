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
  const { isAuthenticated, user } = useAuth();
  // The page a role is shown at a path (an inspector's /dashboard is My inspections) decides what is asked for.
  const role = user?.organization?.role;
  useEffect(() => {
    if (!isAuthenticated) return;
    let last = router.state.location;
    return router.subscribe(({ location }) => {
      if (location.pathname === last.pathname && location.search === last.search) return;
      last = location;
      preloadSignedInPage(location, role);
    });
  }, [isAuthenticated, router, role]);
  return null;
}
