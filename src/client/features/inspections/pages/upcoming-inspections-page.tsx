import { CalendarCheck, CalendarClock, CircleCheck, List } from 'lucide-react';
import { Link } from 'react-router';
import type { Inspection } from '@shared/schemas/inspection';
import { isTemporaryId } from '@/features/properties/api/property-queries';
import { UnscheduledPanel } from '@/features/requirements/components/unscheduled-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useCompleteInspection } from '../api/use-complete-inspection';
import { UPCOMING_INSPECTIONS_LISTING, UPCOMING_UNSCHEDULED_LIMIT } from '../api/inspection-browser-query';
import { InspectionBrowser } from '../components/inspection-browser';
import { describeInspection, isOpenInspection } from '../components/inspection-text';
import { useInspectionDialogs } from '../components/inspection-row-actions';


/**
 * /inspections/upcoming: open inspections due within 30 days, overdue ones included, with
 * one-click Quick Complete (no result, undoable from its toast) and Reschedule on each. Ruling
 * (issue 10): Reschedule opens the Reschedule dialog here too, with +7/+14/+30 day shortcuts,
 * instead of SPEC 9's one-click +14 days from today, which could move a date earlier.
 */
export default function UpcomingInspectionsPage() {
  useDocumentTitle('Upcoming Inspections');
  const complete = useCompleteInspection();
  // The Reschedule dialog loads when first opened, as on the dashboard's rows.
  const { openReschedule, dialogs } = useInspectionDialogs();
  const { can } = usePermissions();

  const busy = (inspection: Inspection) => complete.isPending && complete.variables?.id === inspection.id;

  // A completed row leaves the list with its focused button: keep keyboard users on the page.
  const keepFocusOnPage = () =>
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) document.querySelector<HTMLElement>('main h1')?.focus();
    });

  const renderActions = (inspection: Inspection) => {
    if (!isOpenInspection(inspection)) return null;
    const what = describeInspection(inspection);
    const disabled = busy(inspection) || isTemporaryId(inspection.id);
    return (
      <>
        {can('inspections.complete') ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Complete ${what}`}
            aria-disabled={disabled}
            onClick={() => !disabled && complete.mutate({ id: inspection.id, propertyId: inspection.propertyId, label: what }, { onSettled: keepFocusOnPage })}
          >
            <CircleCheck aria-hidden="true" />
            Complete
          </Button>
        ) : null}
        {can('inspections.schedule') ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Reschedule ${what}`}
            aria-disabled={disabled}
            onClick={() => !disabled && openReschedule(inspection)}
          >
            <CalendarClock aria-hidden="true" />
            Reschedule
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Upcoming Inspections"
        description="Open inspections due in the next 30 days, and any that are overdue, soonest first; and what is due with nothing scheduled."
        actions={
          <Button asChild variant="outline">
            <Link to="/inspections">
              <List aria-hidden="true" />
              All Inspections
            </Link>
          </Button>
        }
      />

      <InspectionBrowser
        listing={UPCOMING_INSPECTIONS_LISTING}
        label="Upcoming inspections"
        everything="every upcoming inspection"
        renderActions={renderActions}
        note={
          <p className="text-sm text-muted-foreground">
            Complete marks an inspection done without recording a result (undo it from the message that follows); Reschedule
            lets you pick the new date. Open an inspection to record a result.
          </p>
        }
        // Requirements due with nothing scheduled, filtered like the list; the status filter is about inspections.
        listTop={({ q, type }) => <UnscheduledPanel limit={UPCOMING_UNSCHEDULED_LIMIT} q={q} type={type} />}
        empty={
          <EmptyState
            icon={CalendarCheck}
            title="Nothing due in the next 30 days."
            action={
              <Button asChild variant="outline">
                <Link to="/inspections">See all inspections</Link>
              </Button>
            }
          >
            No open inspection is overdue or due within the next 30 days.
          </EmptyState>
        }
      />
      {dialogs}
    </>
  );
}
