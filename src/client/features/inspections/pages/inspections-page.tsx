import { useId } from 'react';
import { CalendarClock, CalendarPlus, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import type { InspectionFilterStatus } from '../api/inspection-queries';
import { InspectionBrowser } from '../components/inspection-browser';
import { InspectionRowActions, useInspectionDialogs } from '../components/inspection-row-actions';
import { scheduleLimitNote, ScheduleInspectionButton } from '../components/schedule-inspection-button';

/** SPEC 2: the status filter of /inspections, and 'Open', what the page opens on (issue 10). */
const STATUS_OPTIONS: { value: InspectionFilterStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due soon' },
];

export default function InspectionsPage() {
  useDocumentTitle('Inspections');
  const { openComplete, openReschedule, dialogs } = useInspectionDialogs();
  const subscription = useSubscription();
  const limitNoteId = useId();
  const limitNote = scheduleLimitNote(subscription);

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
        scope={{ kind: 'all' }}
        statusOptions={STATUS_OPTIONS}
        defaultStatus="open"
        sortable
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
              <Button asChild>
                <Link to="/inspections/new">
                  <CalendarPlus aria-hidden="true" />
                  Schedule an Inspection
                </Link>
              </Button>
            }
          >
            Schedule an inspection for one of your properties, or choose All statuses to see completed ones.
          </EmptyState>
        }
      />
      {dialogs}
    </>
  );
}
