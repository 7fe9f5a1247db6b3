import { Spinner } from '@/components/ui/spinner';

/**
 * The whole page while the app or a page loads: a main landmark with a heading, so a screen
 * reader user who lands here (or jumps by landmark or heading) learns what is happening.
 */
export function FullPageLoader({ message = 'Loading Firemark...' }: { message?: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 text-muted-foreground" aria-busy="true">
      <Spinner className="size-10 text-primary" />
      <div role="status">
        <h1 className="text-base font-normal">{message}</h1>
      </div>
    </main>
  );
}
