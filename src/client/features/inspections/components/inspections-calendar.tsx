import { useId, useMemo, useRef, type ReactNode } from 'react';
import { CalendarSearch, X } from 'lucide-react';
import { addDays } from '@shared/compliance';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { calendarDayFromDate, dateFromCalendarDay, monthRange } from '@/lib/calendar-days';
import type { InspectionListParams, InspectionScope } from '@/lib/inspection-queries';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Calendar, dayButtonLabel } from '@/components/ui/calendar';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CALENDAR_MONTH_CAP, useCalendarMonth } from '../api/use-calendar-month';
import { useInspectionList } from '../api/use-inspection-list';
import { useToday } from '../api/use-today';
import { countText, InspectionResults } from './inspection-results';
import { useUnscheduled } from '@/features/requirements/api/use-unscheduled';
import { UnscheduledList } from '@/features/requirements/components/unscheduled-list';

/** SPEC 9: dates more than 90 days in the past are disabled. */
const PAST_DAYS_SHOWN = 90;

interface InspectionsCalendarProps {
  scope: InspectionScope;
  params: InspectionListParams;
  /** The month shown ("YYYY-MM-DD" of any day in it) and the picked day, kept by the page (in the URL). */
  month: string;
  onMonthChange: (month: string) => void;
  selectedDay: string | undefined;
  onSelectDay: (day: string | undefined) => void;
  renderActions: (inspection: Inspection) => ReactNode;
}

const highlighted =
  "[&:not([data-selected])>button]:bg-accent [&:not([data-selected])>button]:text-accent-foreground [&>button]:font-semibold [&>button]:after:absolute [&>button]:after:bottom-1 [&>button]:after:left-1/2 [&>button]:after:size-1.5 [&>button]:after:-translate-x-1/2 [&>button]:after:rounded-full [&>button]:after:bg-current [&>button]:after:content-['']";

/**
 * A month calendar: dates with inspections are highlighted (one month is asked of the server
 * at a time), picking a date lists its inspections below with a 'Clear selection' control.
 * Arrow keys move between days, Enter picks one.
 */
export function InspectionsCalendar({ scope, params, month, onMonthChange, selectedDay, onSelectDay, renderActions }: InspectionsCalendarProps) {
  const headingId = useId();
  const calendarRef = useRef<HTMLDivElement>(null);
  const today = useToday();
  const todayDate = dateFromCalendarDay(today);
  const earliest = dateFromCalendarDay(addDays(today, -PAST_DAYS_SHOWN));
  const monthDate = dateFromCalendarDay(month);
  const { from, to } = monthRange(monthDate);
  const monthQuery = useCalendarMonth(scope, params, from, to);
  // Requirements due in the month with nothing scheduled; a status filter is about inspections, so it hides them.
  const unscheduled = useUnscheduled({ from, to, q: params.q, type: params.type, limit: 500 }, !params.status);
  const unscheduledItems = params.status ? [] : (unscheduled.data?.items ?? []);

  const perDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const inspection of monthQuery.data?.items ?? []) {
      counts.set(inspection.dueDate, (counts.get(inspection.dueDate) ?? 0) + 1);
    }
    return counts;
  }, [monthQuery.data]);
  const unscheduledPerDay = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of unscheduledItems) counts.set(item.nextDueDate, (counts.get(item.nextDueDate) ?? 0) + 1);
    return counts;
  }, [unscheduledItems]);
  const unscheduledOnDay = selectedDay ? unscheduledItems.filter((item) => item.nextDueDate === selectedDay) : [];

  const dayList = useInspectionList(scope, { ...params, from: selectedDay, to: selectedDay, sort: 'property' }, 25, Boolean(selectedDay));
  const monthLabel = monthDate.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  const monthTotal = monthQuery.data?.total ?? 0;
  const capped = (monthQuery.data?.items.length ?? 0) < monthTotal;

  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-4 p-4 lg:flex-row lg:items-start lg:gap-8">
        <div ref={calendarRef} className="mx-auto lg:mx-0">
          <Calendar
            mode="single"
            selected={selectedDay ? dateFromCalendarDay(selectedDay) : undefined}
            onSelect={(date) => onSelectDay(date ? calendarDayFromDate(date) : undefined)}
            month={monthDate}
            onMonthChange={(date) => onMonthChange(calendarDayFromDate(date))}
            startMonth={earliest}
            today={todayDate}
            disabled={{ before: earliest }}
            modifiers={{
              hasInspections: (date: Date) => perDay.has(calendarDayFromDate(date)) || unscheduledPerDay.has(calendarDayFromDate(date)),
            }}
            modifiersClassNames={{ hasInspections: highlighted }}
            labels={{
              labelDayButton: (date, modifiers) => {
                const count = perDay.get(calendarDayFromDate(date));
                const notScheduled = unscheduledPerDay.get(calendarDayFromDate(date));
                const label = dayButtonLabel(date, modifiers);
                return [label, count ? countText(count) : null, notScheduled ? `${notScheduled} due, not scheduled` : null].filter(Boolean).join(', ');
              },
            }}
            className="p-0"
            classNames={{
              weekday: 'w-10 text-center text-xs font-medium text-muted-foreground sm:w-12',
              day: 'size-10 p-0 text-center text-sm sm:size-12',
              day_button:
                'relative inline-flex size-10 items-center justify-center rounded-md font-normal transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none sm:size-12',
            }}
          />
        </div>
        <div className="space-y-3 text-sm lg:max-w-xs lg:pt-2">
          <p className="flex items-center gap-2 font-medium" role="status">
            {monthQuery.isFetching ? <Spinner className="text-primary" /> : null}
            {monthQuery.isPending ? 'Loading...' : `${countText(monthTotal)} in ${monthLabel}`}
          </p>
          <p className="flex items-center gap-2 text-muted-foreground">
            <span aria-hidden="true" className="relative inline-flex size-6 items-center justify-center rounded-md bg-accent text-xs font-semibold text-accent-foreground">
              5
            </span>
            Highlighted dates have inspections, or requirements due with nothing scheduled.
          </p>
          {unscheduledItems.length > 0 ? (
            <p className="text-muted-foreground">{unscheduledItems.length} due, not scheduled in {monthLabel}.</p>
          ) : null}
          <p className="text-muted-foreground">
            Pick a date to list its inspections. Dates more than {PAST_DAYS_SHOWN} days ago are not available.
          </p>
          {capped ? (
            <p className="text-muted-foreground">
              This month is busy: the highlights cover its first {CALENDAR_MONTH_CAP} inspections. Use the filters to narrow it.
            </p>
          ) : null}
          {monthQuery.isError && !monthQuery.data ? (
            <LoadError
              message="Failed to load this month's inspections. Please try again."
              onRetry={() => void monthQuery.refetch()}
              retrying={monthQuery.isFetching}
            />
          ) : null}
        </div>
      </Card>

      {selectedDay ? (
        <section aria-labelledby={headingId} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={headingId} className="text-lg font-semibold">
              Inspections on {formatDate(selectedDay)}
            </h2>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onSelectDay(undefined);
                // The button goes away with the selection; focus returns to the calendar's day.
                requestAnimationFrame(() => calendarRef.current?.querySelector<HTMLElement>('[role=grid] button[tabindex="0"]')?.focus());
              }}
            >
              <X aria-hidden="true" />
              Clear selection
            </Button>
          </div>
          <InspectionResults
            list={dayList}
            label={`Inspections on ${formatDate(selectedDay)}`}
            headingLevel="h3"
            renderActions={renderActions}
            empty={
              <EmptyState icon={CalendarSearch} title="No inspections on this date." headingLevel="h3">
                {unscheduledOnDay.length > 0 ? 'Its requirements are not scheduled yet: see below.' : 'Pick a highlighted date to see its inspections.'}
              </EmptyState>
            }
          />
          {unscheduledOnDay.length > 0 ? (
            <div className="space-y-3 rounded-xl border border-yellow-300 p-4">
              <h3 className="text-base font-semibold">Due, not scheduled on {formatDate(selectedDay)}</h3>
              <UnscheduledList items={unscheduledOnDay} label={`Due, not scheduled on ${formatDate(selectedDay)}`} />
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
