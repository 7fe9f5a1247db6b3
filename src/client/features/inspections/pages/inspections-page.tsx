import { useId } from 'react';
import { CalendarClock, CalendarPlus, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ALL_INSPECTIONS_LISTING } from '../api/inspection-browser-query';
import { InspectionBrowser } from '../components/inspection-browser';
import { InspectionRowActions, useInspectionDialogs } from '../components/inspection-row-actions';
import { scheduleLimitNote, ScheduleInspectionButton } from '../components/schedule-inspection-button';


export default function InspectionsPage() {
  useDocumentTitle('Inspections');
  const { openComplete, openReschedule, dialogs } = useInspectionDialogs();
  const subscription = useSubscription();
  const limitNoteId = useId();
  const limitNote = scheduleLimitNote(subscription);
  const canSchedule = usePermissions().can('inspections.schedule');

  return (
    <>
      <PageHeader
        title="Inspections"
        description={
          limitNote ? <span id={limitNoteId}>{limitNote}</span> : 'Every inspection across your properties, as a list or on a calendar.'
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/inspections/upcoming">
                <CalendarClock aria-hidden="true" />
                Upcoming
              </Link>
            </Button>
            <ScheduleInspectionButton subscription={subscription} noteId={limitNoteId} />
          </>
        }
      />

      {/* Open inspections, soonest due first: what needs doing; completed ones are one filter away. */}
      <InspectionBrowser
        listing={ALL_INSPECTIONS_LISTING}
        label="Inspections"
        everything="every inspection"
        renderActions={(inspection) => (
          <InspectionRowActions inspection={inspection} onComplete={openComplete} onReschedule={openReschedule} />
        )}
        empty={
          <EmptyState
            icon={ClipboardList}
            title="No open inspections."
            action={
              canSchedule ? (
                <Button asChild>
                  <Link to="/inspections/new">
                    <CalendarPlus aria-hidden="true" />
                    Schedule an Inspection
                  </Link>
                </Button>
              ) : null
            }
          >
            {canSchedule
              ? 'Schedule an inspection for one of your properties, or choose All statuses to see completed ones.'
              : 'Choose All statuses to see completed ones. Inspections are scheduled by owners, admins and managers.'}
          </EmptyState>
        }
      />
      {dialogs}
    </>
  );
}
