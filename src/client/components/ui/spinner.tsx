import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A spinner with a visible message, announced politely to screen readers. */
export function LoadingState({ message = 'Loading...', className }: { message?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-12 text-muted-foreground', className)}>
      <Spinner className="size-6 text-primary" />
      <span>{message}</span>
    </div>
  );
}
