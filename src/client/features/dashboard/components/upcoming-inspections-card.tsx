import { useId } from 'react';
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { formatDisplayDate } from '@shared/dates';
import { humanize, INSPECTION_TYPE_LABELS } from '@shared/enums';
import { LoadError } from '@/components/load-error';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpcomingInspections } from '../api/use-upcoming-inspections';

/** 'Upcoming Inspections': due within 30 days or overdue, soonest first. */
export function UpcomingInspectionsCard() {
  const titleId = useId();
  const upcoming = useUpcomingInspections();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          Upcoming Inspections
        </h2>
        <Link
          to="/inspections/upcoming"
          className="whitespace-nowrap text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View all<span className="sr-only"> upcoming inspections</span>
        </Link>
      </CardHeader>
      <CardContent>
        {upcoming.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading upcoming inspections...</span>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : upcoming.isError ? (
          <LoadError
            message="Failed to load upcoming inspections. Please try again."
            onRetry={() => void upcoming.refetch()}
            retrying={upcoming.isFetching}
          />
        ) : upcoming.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <CalendarCheck aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">No inspections due in the next 30 days.</p>
            <Button asChild variant="outline">
              <Link to="/inspections/new">
                <CalendarPlus aria-hidden="true" />
                Schedule an Inspection
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y">
            {upcoming.data.map((inspection) => (
              <li
                key={inspection.id}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-0.5">
                  <Link
                    to={`/inspections/${inspection.id}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {INSPECTION_TYPE_LABELS[inspection.inspectionType] ?? humanize(inspection.inspectionType)}
                  </Link>
                  <p className="break-words text-sm text-muted-foreground">
                    <Link
                      to={`/properties/${inspection.property?.id ?? inspection.propertyId}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {inspection.property?.name ?? 'Unknown Property'}
                    </Link>
                    {' · '}Due {formatDisplayDate(inspection.dueDate)}
                    {inspection.assignedTo ? ` · ${inspection.assignedTo}` : ''}
                  </p>
                </div>
                <InspectionStatusBadge status={inspection.displayStatus} className="self-start sm:self-auto" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
