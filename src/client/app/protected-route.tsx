import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth-context';
import { expiredLoginPath } from '@/features/auth/components/redirect-target';
import { lazyComponent } from '@/lib/lazy-component';
import { FullPageLoader } from './full-page-loader';

// Lazy so that visitors of the sign-in pages never download the shell.
const appShell = lazyComponent(() => import('./shell/app-shell'), 'AppShell');
export const loadAppShell = appShell.load;
const AppShell = appShell.Component;

export function ProtectedRoute() {
  const { isAuthenticated, justLoggedOut, sessionExpired } = useAuth();
  const location = useLocation();

  if (!isAuthenticated) {
    if (justLoggedOut) return <Navigate to="/" replace />;
    if (sessionExpired) return <Navigate to={expiredLoginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
    return <Navigate to="/auth/login" replace state={{ from: location }} />;
  }

  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppShell />
    </Suspense>
  );
}
