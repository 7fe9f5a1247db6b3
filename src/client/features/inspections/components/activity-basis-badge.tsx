import { activityBasisLabel, type ActivityBasis } from '@shared/activity-basis';
import { Badge } from '@/components/ui/badge';

/**
 * "Activity not stated" or "Activity assumed" beside an inspection's activity (issue 37): it
 * counts for the principal requirement without anyone having said so. Words, not colour alone.
 */
export function ActivityBasisBadge({ basis, className }: { basis: ActivityBasis; className?: string }) {
  const label = activityBasisLabel(basis);
  if (!label) return null;
  return (
    <Badge variant="warning" className={className}>
      {label}
    </Badge>
  );
}
