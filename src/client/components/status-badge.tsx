import { propertyStatusDisplay } from '@shared/compliance';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

type Tone = 'green' | 'yellow' | 'red' | 'grey';

// The badge variants pair a light fill with dark text (AA contrast); the label carries the
// meaning, so colour is never the only signal.
const VARIANT: Record<Tone, 'success' | 'warning' | 'destructive' | 'muted'> = {
  green: 'success',
  yellow: 'warning',
  red: 'destructive',
  grey: 'muted',
};

/** SPEC 4's table, plus a property's starting status: 'pending' reads Pending, in grey. */
export function statusDisplay(status: string): { label: string; tone: Tone } {
  return propertyStatusDisplay(status);
}

/** The status of a property or a compliance item. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, tone } = statusDisplay(status);
  return (
    <Badge variant={VARIANT[tone]} className={className}>
      {label}
    </Badge>
  );
}

/**
 * Why a property has its status, shown wherever the status is (DECISIONS "Compliance model"):
 * "Sprinkler system never inspected" beside a Pending badge. Screen readers hear the status
 * first ("Pending: ..."), as the PDF and the verification page print it.
 */
export function StatusReason({ status, reason, className }: { status: string; reason: string; className?: string }) {
  return (
    <p className={cn('break-words text-sm text-slate-700', className)}>
      <span className="sr-only">{statusDisplay(status).label}: </span>
      {reason}
    </p>
  );
}
