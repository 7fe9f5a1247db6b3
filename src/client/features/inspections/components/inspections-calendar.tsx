import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { CalendarSearch, X } from 'lucide-react';
import { addDays } from '@shared/compliance';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { calendarDayFromDate, dateFromCalendarDay, monthRange } from '@/lib/calendar-days';
import type { InspectionFilterStatus, InspectionListParams, InspectionScope } from '../api/inspection-queries';
import type { UnscheduledRequirement } from '@shared/schemas/requirement';
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
import { CalendarDayEntries, entriesText } from './calendar-day-entries';
import { CalendarWeek, weekStartOf } from './calendar-week';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { useUnscheduled } from '@/features/requirements/api/use-unscheduled';
import { UnscheduledList } from '@/features/requirements/components/unscheduled-list';

/** SPEC 9: dates more than 90 days in the past are disabled. */
const PAST_DAYS_SHOWN = 90;

/** Whether a status filter can show requirements due with nothing scheduled (they are open by nature). */
export function unscheduledFilterShows(status: InspectionFilterStatus | undefined): boolean {
  return status === undefined || status === 'open' || status === 'overdue' || status === 'due_soon';
}

function unscheduledMatchesStatus(item: UnscheduledRequirement, status: InspectionFilterStatus | undefined): boolean {
  return status === undefined || status === 'open' || item.displayStatus === status;
}

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
  // A phone shows one week (of the picked day, or of today when the shown month is today's).
  const phone = !useMediaQuery(SM_UP);
  const [weekStart, setWeekStart] = useState(() => weekStartOf(selectedDay ?? (month.slice(0, 7) === today.slice(0, 7) ? today : month)));
  const range = phone ? { from: weekStart, to: addDays(weekStart, 6) } : monthRange(monthDate);
  const { from, to } = range;
  const monthQuery = useCalendarMonth(scope, params, from, to);
  // Requirements due in the range with nothing scheduled: shown by default ("Open" included), and
  // under "Overdue" or "Due soon" when their date says so; "Scheduled" or "Completed" hide them.
  const showUnscheduled = unscheduledFilterShows(params.status);
  const unscheduled = useUnscheduled({ from, to, q: params.q, type: params.type, propertyIds: params.propertyIds, limit: 500 }, showUnscheduled);
  const unscheduledItems = useMemo(
    () => (showUnscheduled ? (unscheduled.data?.items ?? []).filter((item) => unscheduledMatchesStatus(item, params.status)) : []),
    [showUnscheduled, unscheduled.data, params.status],
  );

  const perDay = useMemo(() => {
    const days = new Map<string, Inspection[]>();
    for (const inspection of monthQuery.data?.items ?? []) {
      const list = days.get(inspection.dueDate) ?? [];
      list.push(inspection);
      days.set(inspection.dueDate, list);
    }
    return days;
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
      <Card className="flex flex-col gap-4 p-4">
        <div ref={calendarRef} className="w-full">
          {phone ? (
            <CalendarWeek
              start={weekStart}
              today={today}
              earliest={addDays(today, -PAST_DAYS_SHOWN)}
              perDay={perDay}
              unscheduledPerDay={unscheduledPerDay}
              selectedDay={selectedDay}
              onSelectDay={onSelectDay}
              onWeekChange={(start) => {
                setWeekStart(start);
                onMonthChange(start);
              }}
            />
          ) : (
          <Calendar
            mode="single"
            selected={selectedDay ? dateFromCalendarDay(selectedDay) : undefined}
            onSelect={(date) => onSelectDay(date ? calendarDayFromDate(date) : undefined)}
            month={monthDate}
            onMonthChange={(date) => onMonthChange(calendarDayFromDate(date))}
            startMonth={earliest}
            today={todayDate}
            disabled={{ before: earliest }}
            labels={{
              labelDayButton: (date, modifiers) => {
                const onDay = perDay.get(calendarDayFromDate(date)) ?? [];
                const notScheduled = unscheduledPerDay.get(calendarDayFromDate(date));
                const label = dayButtonLabel(date, modifiers);
                return [label, onDay.length ? `${countText(onDay.length)}: ${entriesText(onDay)}` : null, notScheduled ? `${notScheduled} due, not scheduled` : null]
                  .filter(Boolean)
                  .join(', ');
              },
            }}
            className="w-full p-0"
            classNames={{
              month_grid: 'w-full table-fixed border-collapse',
              weekdays: '',
              weekday: 'pb-2 text-center text-xs font-medium text-muted-foreground',
              week: '',
              day: 'h-28 border border-slate-200 p-0 align-top text-sm',
              day_button:
                'relative flex h-full w-full flex-col items-stretch gap-1 overflow-hidden p-1.5 font-normal transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring disabled:pointer-events-none',
              selected: '[&>button]:bg-accent [&>button]:ring-2 [&>button]:ring-inset [&>button]:ring-primary',
              today: '[&>button>span:nth-child(2)]:bg-primary [&>button>span:nth-child(2)]:text-primary-foreground',
            }}
            components={{
              DayButton: ({ day, modifiers, children, 'aria-label': label, ...buttonProps }) => {
                void modifiers;
                const key = calendarDayFromDate(day.date);
                // The full name is read; the cell shows a summary of it (an aria-label would not contain that text).
                return (
                  <button {...buttonProps}>
                    <span className="sr-only">{label}</span>
                    <span aria-hidden="true" className="inline-flex size-6 items-center justify-center self-start rounded-full text-xs font-semibold">{children}</span>
                    <CalendarDayEntries inspections={perDay.get(key) ?? []} notScheduled={unscheduledPerDay.get(key) ?? 0} />
                  </button>
                );
              },
            }}
          />
          )}
        </div>
        <div className="space-y-2 text-sm">
          <p className="flex items-center gap-2 font-medium" role="status">
            {monthQuery.isFetching ? <Spinner className="text-primary" /> : null}
            {monthQuery.isPending ? 'Loading...' : `${countText(monthTotal)} ${phone ? 'this week' : `in ${monthLabel}`}`}
          </p>
          {unscheduledItems.length > 0 ? (
            <p className="text-muted-foreground">{unscheduledItems.length} due, not scheduled in {monthLabel}.</p>
          ) : null}
          <p className="text-muted-foreground">
            Each day shows its inspections; pick a day to list them all. Dates more than {PAST_DAYS_SHOWN} days ago are not available.
          </p>
          {capped ? (
            <p className="text-muted-foreground">
              This month is busy: the days show its first {CALENDAR_MONTH_CAP} inspections. Use the filters to narrow it.
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
              // A day with requirements due and nothing scheduled lists them below, and is not "empty".
              unscheduledOnDay.length > 0 ? null : (
                <EmptyState icon={CalendarSearch} title={showUnscheduled ? 'Nothing due on this date.' : 'No inspections on this date.'} headingLevel="h3">
                  Pick a highlighted date to see {showUnscheduled ? 'what is due' : 'its inspections'}.
                </EmptyState>
              )
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
