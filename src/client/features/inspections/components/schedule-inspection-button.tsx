import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { Subscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';

/** Why scheduling is unavailable, for the page to show beside its title; null when it is allowed. */
export function scheduleLimitNote(subscription: Subscription): string | null {
  if (!subscription.isLoaded || subscription.canScheduleInspection) return null;
  return subscription.isAtInspectionLimit
    ? `Free accounts are limited to ${subscription.status.inspectionLimit} scheduled inspection at a time. Complete or cancel it, or upgrade to Firemark Pro to schedule more.`
    : 'Scheduling is not available on your plan right now.';
}

/**
 * 'Schedule Inspection', disabled (described by the page's note) when the plan does not allow
 * another open inspection; the free-plan banner is the screen's one upgrade prompt.
 */
export function ScheduleInspectionButton({ subscription, noteId }: { subscription: Subscription; noteId: string }) {
  const { can } = usePermissions();
  if (!can('inspections.schedule')) return null;
  if (subscription.canScheduleInspection) {
    return (
      <Button asChild>
        <Link to="/inspections/new">
          <CalendarPlus aria-hidden="true" />
          Schedule Inspection
        </Link>
      </Button>
    );
  }
  return (
    <Button disabled aria-describedby={subscription.isLoaded ? noteId : undefined}>
      <CalendarPlus aria-hidden="true" />
      Schedule Inspection
    </Button>
  );
}
