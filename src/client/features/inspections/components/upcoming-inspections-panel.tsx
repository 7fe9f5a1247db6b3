import { useId } from 'react';
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { usePermissions } from '@/lib/use-permissions';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInspectionList } from '../api/use-inspection-list';
import { inspectionTypeLabel, propertyNameOf } from './inspection-text';
import { InspectionRowActions, useInspectionDialogs } from './inspection-row-actions';

interface UpcomingInspectionsPanelProps {
  /** How many of the soonest open inspections to show. */
  limit?: number;
  /** The panel title's heading level, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The dashboard's 'Upcoming Inspections' (SPEC 2): the next open inspections (overdue first,
 * then soonest due), each with Complete and Reschedule, and a link to the full upcoming page.
 */
export function UpcomingInspectionsPanel({ limit = 5, headingLevel: Heading = 'h2' }: UpcomingInspectionsPanelProps) {
  const titleId = useId();
  const upcoming = useInspectionList({ kind: 'upcoming' }, {}, limit);
  const { openComplete, openReschedule, dialogs } = useInspectionDialogs();
  const canSchedule = usePermissions().can('inspections.schedule');

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="text-xl font-semibold tracking-tight">
          Upcoming Inspections
        </Heading>
        <Link to="/inspections/upcoming" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View all<span className="sr-only"> upcoming inspections</span>
        </Link>
      </CardHeader>
      <CardContent>
        {upcoming.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading upcoming inspections...</span>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : upcoming.isError && !upcoming.data ? (
          <LoadError
            message="Failed to load upcoming inspections. Please try again."
            onRetry={() => void upcoming.refetch()}
            retrying={upcoming.isFetching}
          />
        ) : upcoming.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <CalendarCheck aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">No inspections due in the next 30 days.</p>
            {canSchedule ? (
              <Button asChild variant="outline">
                <Link to="/inspections/new">
                  <CalendarPlus aria-hidden="true" />
                  Schedule an Inspection
                </Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <ul className="divide-y" aria-label="Next inspections">
              {upcoming.items.slice(0, limit).map((inspection) => (
                <li key={inspection.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 lg:flex-row lg:items-center lg:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/inspections/${inspection.id}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {inspectionTypeLabel(inspection.inspectionType)}
                      </Link>
                      <InspectionStatusBadge status={inspection.displayStatus} />
                    </div>
                    <p className="break-words text-sm text-muted-foreground">
                      <Link
                        to={`/properties/${inspection.property?.id ?? inspection.propertyId}`}
                        className="underline-offset-4 hover:underline"
                      >
                        {propertyNameOf(inspection)}
                      </Link>
                      {' · '}Due {formatDate(inspection.dueDate)}
                      {' · '}
                      {inspection.assignedTo}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2 [&>*]:flex-1 lg:[&>*]:flex-none">
                    <InspectionRowActions inspection={inspection} onComplete={openComplete} onReschedule={openReschedule} />
                  </div>
                </li>
              ))}
            </ul>
            {upcoming.total > limit ? (
              <p className="mt-4 text-sm text-muted-foreground">
                {upcoming.total - limit} more due in the next 30 days or overdue.{' '}
                <Link to="/inspections/upcoming" className="font-medium text-primary underline-offset-4 hover:underline">
                  See all upcoming inspections
                </Link>
              </p>
            ) : null}
          </>
        )}
      </CardContent>
      {dialogs}
    </Card>
  );
}
