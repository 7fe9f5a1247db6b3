import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider, sessionAndFirstScreenAtLoad } from './auth-provider';
import { useAuth } from './auth-context';
import { FullPageLoader } from './full-page-loader';
import { NavigationProgress } from './navigation-progress';
import { OfflineBadge } from './offline-badge';
import { OutboxSyncGate } from '@/offline/outbox-sync-gate';
import { PreloadOnNavigation } from './preload-on-navigation';
import { AppRoutes, preloadFirstPage } from './routes';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';

function AuthGate() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  return <AppRoutes />;
}

function Root() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <RouteFocus />
      <PreloadOnNavigation router={router} />
      <NavigationProgress router={router} />
      <AuthGate />
      <OfflineBadge />
      <OutboxSyncGate />
      <LazyToaster />
    </AuthProvider>
  );
}

// A data router, for useBlocker (a form with unsaved edits asks before navigating away); the
// routes themselves stay one <Routes> tree under it.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);
export type AppRouter = typeof router;
// The session check first, then the first page's code, side by side rather than one after the other.
void sessionAndFirstScreenAtLoad(queryClient).catch(() => undefined);
preloadFirstPage(window.location);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
