import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/components/auth-context';
import { FullPageLoader } from './full-page-loader';
import { OfflineBadge } from './offline-badge';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';

function AuthGate() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  return <AppRoutes />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <ScrollToTop />
          <AuthGate />
          <OfflineBadge />
          <LazyToaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
