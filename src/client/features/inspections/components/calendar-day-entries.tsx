import { humanize, INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { Inspection } from '@shared/schemas/inspection';
import { cn } from '@/lib/utils';

/** How many of a day's inspections a month cell names before "+N more". */
export const SHOWN_PER_DAY = 2;

export const typeLabel = (inspection: Inspection) => INSPECTION_TYPE_LABELS[inspection.inspectionType] ?? humanize(inspection.inspectionType);

/** "Alpha Tower, Fire Alarm; Beta Clinic, Sprinkler System": what a day button's name adds. */
export function entriesText(inspections: Inspection[]): string {
  return inspections.map((inspection) => `${inspection.property.name}, ${typeLabel(inspection)}`).join('; ');
}

const TONE: Record<string, string> = {
  overdue: 'border-red-600 bg-red-50 text-red-900',
  due_soon: 'border-yellow-500 bg-yellow-50 text-yellow-950',
  completed: 'border-green-600 bg-green-50 text-green-950',
};

/**
 * A day's inspections inside its calendar cell: property name and type, "+3 more" when
 * crowded. Text only: the cell's button is what opens the day.
 */
export function CalendarDayEntries({ inspections, notScheduled, shown = SHOWN_PER_DAY }: { inspections: Inspection[]; notScheduled: number; shown?: number }) {
  const more = inspections.length - shown;
  return (
    <span aria-hidden="true" className="flex w-full min-w-0 flex-col gap-0.5">
      {inspections.slice(0, shown).map((inspection) => (
        <span
          key={inspection.id}
          className={cn('block truncate rounded border-l-2 px-1 py-px text-left text-[11px] leading-tight', TONE[inspection.displayStatus] ?? 'border-slate-400 bg-slate-100 text-slate-900')}
        >
          {/* Name and type on lines of their own, so a narrow day still shows both. */}
          <span className="block truncate font-semibold">{inspection.property.name}</span>
          <span className="block truncate">{typeLabel(inspection)}</span>
        </span>
      ))}
      {more > 0 ? <span className="px-1 text-left text-[11px] font-medium text-slate-700">+{more} more</span> : null}
      {notScheduled > 0 ? <span className="px-1 text-left text-[11px] text-yellow-900">{notScheduled} not scheduled</span> : null}
    </span>
  );
}
