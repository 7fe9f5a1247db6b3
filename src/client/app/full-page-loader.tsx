import { Spinner } from '@/components/ui/spinner';

export function FullPageLoader({ message = 'Loading Firemark...' }: { message?: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 text-muted-foreground">
      <Spinner className="size-10 text-primary" />
      <p className="text-base">{message}</p>
    </div>
  );
}
