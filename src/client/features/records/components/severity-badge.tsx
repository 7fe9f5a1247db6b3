import { DEFICIENCY_SEVERITY_LABELS, type DeficiencySeverity } from '@shared/records';
import { Badge } from '@/components/ui/badge';

const VARIANT = { critical: 'destructive', impairment: 'warning', non_critical: 'muted' } as const;

export function SeverityBadge({ severity }: { severity: DeficiencySeverity }) {
  return <Badge variant={VARIANT[severity]}>{DEFICIENCY_SEVERITY_LABELS[severity]}</Badge>;
}
