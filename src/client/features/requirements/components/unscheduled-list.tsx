import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { usePermissions } from '@/lib/use-permissions';
import { dueListWindowText } from '@shared/due-window';
import type { UnscheduledRequirement } from '@shared/schemas/requirement';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useToday } from '@/features/inspections/api/use-today';
import { scheduleLink, typeLabel } from './requirement-text';

const STATUS = {
  overdue: { label: 'Overdue', variant: 'destructive' },
  due_soon: { label: 'Due soon', variant: 'warning' },
  upcoming: { label: 'Due', variant: 'muted' },
} as const;

/** Requirements due with nothing scheduled, each with a Schedule action that opens the form pre-filled. */
export function UnscheduledList({ items, label }: { items: UnscheduledRequirement[]; label: string }) {
  const today = useToday();
  const canSchedule = usePermissions().can('inspections.schedule');
  return (
    <ul className="divide-y" aria-label={label}>
      {items.map((item) => {
        const status = STATUS[item.displayStatus];
        return (
          <li key={item.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-words font-medium">{item.activity}</span>
                <Badge variant={status.variant}>{status.label}</Badge>
                <Badge variant="warning">Not scheduled</Badge>
              </div>
              <p className="break-words text-sm text-muted-foreground">
                {typeLabel(item.itemType)} at{' '}
                <Link to={`/properties/${item.propertyId}`} className="underline-offset-4 hover:underline">
                  {item.property.name}
                </Link>
                {' · '}
                {dueListWindowText(item, item.displayStatus === 'overdue') ?? `${item.displayStatus === 'overdue' ? 'Was due' : 'Due'} ${formatDate(item.nextDueDate)}`}
                {item.lastDoneKnown ? null : ' · Last done not known'}
              </p>
            </div>
            {canSchedule ? (
              <Button asChild size="sm" variant="outline" className="self-start sm:self-auto">
                <Link to={scheduleLink(item, today)} aria-label={`Schedule ${item.activity} at ${item.property.name}`}>
                  <CalendarPlus aria-hidden="true" />
                  Schedule
                </Link>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
