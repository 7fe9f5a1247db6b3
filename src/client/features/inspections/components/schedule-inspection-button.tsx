import { useId } from 'react';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useSubscription } from '@/lib/use-subscription';
import { Button } from '@/components/ui/button';

/**
 * 'Schedule Inspection', disabled (with the reason and an upgrade link) when the plan does not
 * allow another open inspection.
 */
export function ScheduleInspectionButton({ propertyId }: { propertyId?: number }) {
  const noteId = useId();
  const subscription = useSubscription();
  const to = propertyId ? `/inspections/new?propertyId=${propertyId}` : '/inspections/new';

  if (subscription.canScheduleInspection) {
    return (
      <Button asChild>
        <Link to={to}>
          <CalendarPlus aria-hidden="true" />
          Schedule Inspection
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button disabled aria-describedby={subscription.isLoaded ? noteId : undefined}>
          <CalendarPlus aria-hidden="true" />
          Schedule Inspection
        </Button>
        {subscription.isLoaded ? (
          <Button asChild variant="outline">
            <Link to="/billing">Upgrade</Link>
          </Button>
        ) : null}
      </div>
      {subscription.isLoaded ? (
        <p id={noteId} className="max-w-xs text-sm text-muted-foreground sm:text-right">
          {subscription.isAtInspectionLimit
            ? `Free accounts are limited to ${subscription.status.inspectionLimit} scheduled inspection at a time. Complete or cancel it, or upgrade to Firemark Pro.`
            : 'Scheduling is not available on your plan right now.'}
        </p>
      ) : null}
    </div>
  );
}
