import { CircleCheck, CircleExclamationPoint } from 'lucide-react';
import { deviceTypeLabel } from '@shared/device-kind';
import type { PublicTagResponse } from '@shared/schemas/device';

/** "2026-03" as "March 2026": a tag gives months, not days. */
function monthText(month: string | null): string | null {
  if (!month) return null;
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** This month as "2026-03", where the reader is: a due month before it has passed. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The public card's facts: only what the tag on the device would show. */
export function PublicTagFacts({ page }: { page: PublicTagResponse }) {
  // A tag is due by the end of its month; one whose month has gone by says so, as a person
  // reading a paper tag would work out.
  const overdue = page.inService && page.nextDueMonth !== null && page.nextDueMonth < thisMonth();
  const rows: [string, string][] = [
    ['Device', deviceTypeLabel(page.itemType)],
    ['Last inspected', monthText(page.lastInspectedMonth) ?? 'Not recorded'],
    ['Last maintenance', monthText(page.lastMaintainedMonth) ?? 'Not recorded'],
    ['Recorded by', page.organizationName],
    ['Next due', page.nextDueMonth ? `${monthText(page.nextDueMonth)}${overdue ? ' (overdue)' : ''}` : 'Not known'],
  ];
  return (
    <div className="space-y-4">
      {page.inService ? (
        <p className="flex items-center gap-2 text-sm font-medium text-green-800">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          In service
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm font-medium text-red-800">
          <CircleExclamationPoint aria-hidden="true" className="size-5 shrink-0" />
          Not in service: do not rely on this device
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
