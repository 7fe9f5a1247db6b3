import { CalendarPlus, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDisplayDate } from '@shared/dates';
import { humanize, INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { Inspection } from '@shared/schemas/inspection';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { usePropertyInspections } from '../api/use-property-inspections';

const typeLabel = (inspection: Inspection) =>
  INSPECTION_TYPE_LABELS[inspection.inspectionType] ?? humanize(inspection.inspectionType);

function TypeLink({ inspection }: { inspection: Inspection }) {
  return (
    <Link to={`/inspections/${inspection.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {typeLabel(inspection)}
    </Link>
  );
}

/** SPEC 2, "Property details", Inspections tab: a table on wide screens, cards on phones. */
export function PropertyInspectionsTab({ propertyId }: { propertyId: number }) {
  const inspections = usePropertyInspections(propertyId);
  const scheduleLink = (
    <Button asChild>
      <Link to={`/inspections/new?propertyId=${propertyId}`}>
        <CalendarPlus aria-hidden="true" />
        Schedule Inspection
      </Link>
    </Button>
  );

  if (inspections.isPending) return <LoadingState message="Loading inspections..." />;
  if (inspections.isError) {
    return (
      <LoadError
        message="Failed to load inspections. Please try again."
        onRetry={() => void inspections.refetch()}
        retrying={inspections.isFetching}
      />
    );
  }

  const { items, total } = inspections.data;
  if (items.length === 0) {
    return (
      <EmptyState icon={ClipboardCheck} title="No inspections scheduled for this property." action={scheduleLink}>
        Schedule the first one to start tracking this property&apos;s compliance.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-3">
      {total > items.length ? (
        <p className="text-sm text-muted-foreground">
          Showing the {items.length} earliest of {total} inspections.{' '}
          <Link to="/inspections" className="font-medium text-primary underline-offset-4 hover:underline">
            See all inspections
          </Link>
        </p>
      ) : null}

      <Card className="hidden overflow-hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Inspections of this property</caption>
          <thead className="border-b bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Type</th>
              <th scope="col" className="px-4 py-3 font-semibold">Due Date</th>
              <th scope="col" className="px-4 py-3 font-semibold">Status</th>
              <th scope="col" className="px-4 py-3 font-semibold">Assigned To</th>
              <th scope="col" className="px-4 py-3 font-semibold">Notes</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((inspection) => (
              <tr key={inspection.id}>
                <td className="px-4 py-3">
                  <TypeLink inspection={inspection} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatDisplayDate(inspection.dueDate)}</td>
                <td className="px-4 py-3">
                  <InspectionStatusBadge status={inspection.displayStatus} />
                </td>
                <td className="px-4 py-3">{inspection.assignedTo}</td>
                <td className="max-w-xs px-4 py-3 text-muted-foreground">
                  <span className="line-clamp-2 break-words">{inspection.notes || '—'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="space-y-3 md:hidden" aria-label="Inspections of this property">
        {items.map((inspection) => (
          <li key={inspection.id}>
            <Card className="space-y-2 p-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <TypeLink inspection={inspection} />
                <InspectionStatusBadge status={inspection.displayStatus} />
              </div>
              <p>
                <span className="text-muted-foreground">Due </span>
                {formatDisplayDate(inspection.dueDate)}
              </p>
              <p>
                <span className="text-muted-foreground">Assigned to </span>
                {inspection.assignedTo}
              </p>
              {inspection.notes ? <p className="break-words text-muted-foreground">{inspection.notes}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
