import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

// The toast UI (Radix Toast and its layers) loads with the first toast: most visits show none.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
