import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/use-permissions';
import { ACTIVITY_REVIEW_PATH, useActivityReviewCount } from '../api/activity-review-queries';

/**
 * Shown when completions wait for their activity to be named (issue 37): on the dashboard for
 * the organisation, on a property's schedule for that property. Nothing when there are none.
 */
export function ActivityReviewPrompt({ propertyId }: { propertyId?: number }) {
  const { can } = usePermissions();
  const count = useActivityReviewCount(propertyId);
  if (count === 0 || !can('inspections.schedule')) return null;
  const href = propertyId ? `${ACTIVITY_REVIEW_PATH}?propertyId=${propertyId}` : ACTIVITY_REVIEW_PATH;
  const what = count === 1 ? '1 completed inspection does' : `${count} completed inspections do`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">{what} not say which check {count === 1 ? 'it was' : 'they were'}.</span> Each counts for its type&apos;s
        annual check until you name the right one or confirm it.
      </p>
      <Button asChild variant="outline" className="shrink-0 self-start bg-background sm:self-auto">
        <Link to={href}>
          <ListChecks aria-hidden="true" />
          Review activities
        </Link>
      </Button>
    </div>
  );
}
