import { Flame } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product mark: a flame in a red tile, then the name. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 items-center justify-center rounded-lg shadow-sm',
          inverted ? 'bg-white text-primary' : 'bg-primary text-primary-foreground',
        )}
      >
        <Flame className="size-5" />
      </span>
      <span>Firemark</span>
    </span>
  );
}
