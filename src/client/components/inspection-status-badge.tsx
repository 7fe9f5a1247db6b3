import { humanize } from '@shared/enums';
import { Badge } from '@/components/ui/badge';

/**
 * SPEC 4: an inspection's display status. Overdue is red, due soon yellow ('Due soon'), any
 * other status capitalised in grey. The label carries the meaning, never the colour alone.
 */
export function inspectionStatusLabel(status: string): string {
  if (status === 'overdue') return 'Overdue';
  if (status === 'due_soon') return 'Due soon';
  return humanize(status);
}

export function InspectionStatusBadge({ status, className }: { status: string; className?: string }) {
  const variant = status === 'overdue' ? 'destructive' : status === 'due_soon' ? 'warning' : 'muted';
  return (
    <Badge variant={variant} className={className}>
      {inspectionStatusLabel(status)}
    </Badge>
  );
}
