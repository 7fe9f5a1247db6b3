import { lazy, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from './auth-context';

const LandingPage = lazy(() => import('@/features/landing/pages/landing-page'));

/** "/" is the landing page for visitors and the dashboard for a signed-in user (DECISIONS). */
export function HomeRoute() {
  const { isAuthenticated, justLoggedOut, acknowledgeLogout } = useAuth();

  useEffect(() => {
    if (justLoggedOut) acknowledgeLogout();
  }, [justLoggedOut, acknowledgeLogout]);

  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <LandingPage />;
}
