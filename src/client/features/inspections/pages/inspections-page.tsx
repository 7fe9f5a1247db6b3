import { useId } from 'react';
import { CalendarClock, CalendarPlus, ClipboardList, FilterX } from 'lucide-react';
import { Link } from 'react-router';
import type { InspectionFilterStatus } from '../api/inspection-queries';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInspectionList } from '../api/use-inspection-list';
import { useToday } from '../api/use-today';
import { InspectionFilters } from '../components/inspection-filters';
import { InspectionResults } from '../components/inspection-results';
import { InspectionRowActions, useInspectionDialogs } from '../components/inspection-row-actions';
import { InspectionsCalendar } from '../components/inspections-calendar';
import { scheduleLimitNote, ScheduleInspectionButton } from '../components/schedule-inspection-button';
import { useInspectionUrlState } from '../components/use-inspection-url-state';

const PAGE_SIZE = 25;

/** SPEC 2: the status filter of /inspections, and 'Open', what the page opens on (issue 10). */
const STATUS_OPTIONS: { value: InspectionFilterStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'completed', label: 'Completed' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due soon' },
];
const STATUS_VALUES = STATUS_OPTIONS.map((option) => option.value);

export default function InspectionsPage() {
  useDocumentTitle('Inspections');
  const today = useToday();
  // Open inspections, soonest due first: what needs doing; completed ones are one filter away.
  const state = useInspectionUrlState(STATUS_VALUES, today, 'open');
  const { openComplete, openReschedule, dialogs } = useInspectionDialogs();
  const subscription = useSubscription();
  const limitNoteId = useId();
  const limitNote = scheduleLimitNote(subscription);
  const params = { q: state.q || undefined, type: state.type, status: state.status };
  const list = useInspectionList({ kind: 'all' }, { ...params, sort: state.sort }, PAGE_SIZE, state.view === 'list');

  const renderActions = (inspection: Parameters<typeof openComplete>[0]) => (
    <InspectionRowActions inspection={inspection} onComplete={openComplete} onReschedule={openReschedule} />
  );

  const empty = state.filtered ? (
    <EmptyState
      icon={FilterX}
      title="No inspections match your filters."
      action={
        <Button variant="outline" onClick={state.clearFilters}>
          Clear filters
        </Button>
      }
    >
      Try other words, or clear the filters to see every inspection.
    </EmptyState>
  ) : (
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
  );

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

      <Tabs value={state.view} onValueChange={state.setView} className="space-y-4">
        <TabsList aria-label="View" className="w-full sm:w-auto">
          <TabsTrigger value="list">List</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
        </TabsList>

        <InspectionFilters
          q={state.q}
          type={state.type}
          status={state.status}
          statusOptions={STATUS_OPTIONS}
          onSearch={state.setSearch}
          onType={state.setType}
          onStatus={state.setStatus}
          sort={state.view === 'list' ? { value: state.sort, onChange: state.setSort } : undefined}
        />

        <TabsContent value="list">
          <InspectionResults list={list} label="Inspections" empty={empty} renderActions={renderActions} />
        </TabsContent>
        <TabsContent value="calendar">
          <InspectionsCalendar
            scope={{ kind: 'all' }}
            params={params}
            month={state.month}
            onMonthChange={state.setMonth}
            selectedDay={state.day}
            onSelectDay={state.setDay}
            renderActions={renderActions}
          />
        </TabsContent>
      </Tabs>
      {dialogs}
    </>
  );
}
