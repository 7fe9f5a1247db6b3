import { useState } from 'react';
import { CalendarCheck, CalendarClock, CircleCheck, FilterX, List } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import type { InspectionFilterStatus } from '../api/inspection-queries';
import { isTemporaryId } from '@/features/properties/api/property-queries';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCompleteInspection } from '../api/use-complete-inspection';
import { useInspectionList } from '../api/use-inspection-list';
import { useToday } from '../api/use-today';
import { InspectionFilters } from '../components/inspection-filters';
import { InspectionResults } from '../components/inspection-results';
import { describeInspection, isOpenInspection } from '../components/inspection-text';
import { InspectionsCalendar } from '../components/inspections-calendar';
import { RescheduleDialog } from '../components/reschedule-dialog';
import { useInspectionUrlState } from '../components/use-inspection-url-state';
import { UnscheduledPanel } from '@/features/requirements/components/unscheduled-panel';

const PAGE_SIZE = 25;

/** SPEC 2: the status filter of /inspections/upcoming. */
const STATUS_OPTIONS: { value: InspectionFilterStatus; label: string }[] = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_soon', label: 'Due soon' },
];
const STATUS_VALUES = STATUS_OPTIONS.map((option) => option.value);

/**
 * /inspections/upcoming: open inspections due within 30 days, overdue ones included, with
 * one-click Quick Complete (no result, undoable from its toast) and Reschedule on each. Ruling
 * (issue 10): Reschedule opens the Reschedule dialog here too, with +7/+14/+30 day shortcuts,
 * instead of SPEC 9's one-click +14 days from today, which could move a date earlier.
 */
export default function UpcomingInspectionsPage() {
  useDocumentTitle('Upcoming Inspections');
  const today = useToday();
  const state = useInspectionUrlState(STATUS_VALUES, today);
  const params = { q: state.q || undefined, type: state.type, status: state.status };
  const list = useInspectionList({ kind: 'upcoming' }, params, PAGE_SIZE, state.view === 'list');
  const complete = useCompleteInspection();
  const [rescheduling, setRescheduling] = useState<{ inspection: Inspection; open: boolean } | null>(null);

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
        <Button
          variant="outline"
          size="sm"
          aria-label={`Complete ${what}`}
          aria-disabled={disabled}
          onClick={() => !disabled && complete.mutate({ id: inspection.id }, { onSettled: keepFocusOnPage })}
        >
          <CircleCheck aria-hidden="true" />
          Complete
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Reschedule ${what}`}
          aria-disabled={disabled}
          onClick={() => !disabled && setRescheduling({ inspection, open: true })}
        >
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      </>
    );
  };

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
      Try other words, or clear the filters to see every upcoming inspection.
    </EmptyState>
  ) : (
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
  );

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
        />

        <p className="text-sm text-muted-foreground">
          Complete marks an inspection done without recording a result (undo it from the message that follows); Reschedule
          lets you pick the new date. Open an inspection to record a result.
        </p>

        <TabsContent value="list" className="space-y-6">
          {/* Requirements due with nothing scheduled, filtered like the list; the status filter is about inspections. */}
          <UnscheduledPanel limit={100} q={params.q} type={params.type} />
          <InspectionResults list={list} label="Upcoming inspections" empty={empty} renderActions={renderActions} />
        </TabsContent>
        <TabsContent value="calendar">
          <InspectionsCalendar
            scope={{ kind: 'upcoming' }}
            params={params}
            month={state.month}
            onMonthChange={state.setMonth}
            selectedDay={state.day}
            onSelectDay={state.setDay}
            renderActions={renderActions}
          />
        </TabsContent>
      </Tabs>
      <RescheduleDialog
        inspection={rescheduling?.inspection ?? null}
        open={rescheduling?.open ?? false}
        onOpenChange={(open) => setRescheduling((current) => (current ? { ...current, open } : null))}
      />
    </>
  );
}
