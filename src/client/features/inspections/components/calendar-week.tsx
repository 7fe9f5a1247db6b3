import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addDays } from '@shared/compliance';
import type { Inspection } from '@shared/schemas/inspection';
import { dateFromCalendarDay } from '@/lib/calendar-days';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { countText } from './inspection-results';
import { CalendarDayEntries, entriesText } from './calendar-day-entries';

/** The Sunday that starts a calendar date's week, as the month grid counts weeks. */
export function weekStartOf(day: string): string {
  return addDays(day, -dateFromCalendarDay(day).getDay());
}

const weekday = (day: string) => dateFromCalendarDay(day).toLocaleDateString('en-US', { weekday: 'long' });

interface CalendarWeekProps {
  start: string;
  today: string;
  earliest: string;
  perDay: Map<string, Inspection[]>;
  unscheduledPerDay: Map<string, number>;
  selectedDay: string | undefined;
  onSelectDay: (day: string) => void;
  onWeekChange: (start: string) => void;
}

/** A phone's calendar: one week, a row per day with its inspections; a day opens its list. */
export function CalendarWeek({ start, today, earliest, perDay, unscheduledPerDay, selectedDay, onSelectDay, onWeekChange }: CalendarWeekProps) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const end = days[6]!;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" aria-label="Previous week" disabled={start <= earliest} onClick={() => onWeekChange(addDays(start, -7))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          Week of {formatDate(start)} – {formatDate(end)}
        </p>
        <Button variant="ghost" size="icon" aria-label="Next week" onClick={() => onWeekChange(addDays(start, 7))}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <ul className="divide-y rounded-lg border" aria-label="Days of the week">
        {days.map((day) => {
          const onDay = perDay.get(day) ?? [];
          const notScheduled = unscheduledPerDay.get(day) ?? 0;
          const label = [
            `${day === today ? 'Today, ' : ''}${weekday(day)}, ${formatDate(day)}`,
            onDay.length ? `${countText(onDay.length)}: ${entriesText(onDay)}` : 'no inspections',
            notScheduled ? `${notScheduled} due, not scheduled` : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={day}>
              <button
                type="button"
                aria-pressed={selectedDay === day}
                disabled={day < earliest}
                onClick={() => onSelectDay(day)}
                className={cn(
                  'flex w-full items-start gap-3 px-3 py-2.5 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring disabled:opacity-50',
                  selectedDay === day && 'bg-accent',
                )}
              >
                {/* The name is said in full; what shows is a summary of it (an aria-label would not contain that text). */}
                <span className="sr-only">{label}</span>
                <span aria-hidden="true" className={cn('w-12 shrink-0 text-center text-xs', day === today && 'font-bold text-primary')}>
                  <span className="block uppercase">{weekday(day).slice(0, 3)}</span>
                  <span className="block text-lg font-semibold leading-tight">{Number(day.slice(8))}</span>
                </span>
                {onDay.length || notScheduled ? (
                  <CalendarDayEntries inspections={onDay} notScheduled={notScheduled} shown={3} />
                ) : (
                  <span aria-hidden="true" className="self-center text-xs text-muted-foreground">Nothing due</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
