import { complianceStatusDisplay } from '@shared/compliance';
import { Badge } from '@/components/ui/badge';

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
  if (status === 'pending') return { label: 'Pending', tone: 'grey' };
  return complianceStatusDisplay(status);
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
