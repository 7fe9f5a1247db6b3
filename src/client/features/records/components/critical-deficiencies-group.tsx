import { useId } from 'react';
import { Link } from 'react-router';
import { OctagonAlert } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import type { Deficiency } from '@shared/schemas/deficiency';
import { PopoverClose } from '@/components/ui/popover';

/** The bell's list of open critical deficiencies, each leading to its property. */
export function CriticalDeficienciesGroup({ items, total }: { items: Deficiency[]; total: number }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Critical deficiencies
        <span className="rounded-full bg-red-100 px-1.5 py-0.5 text-[0.6875rem] font-semibold normal-case tracking-normal text-red-800">{total}</span>
      </h3>
      <ul>
        {items.map((d) => (
          <li key={d.id}>
            <PopoverClose asChild>
              <Link
                to={`/properties/${d.propertyId}`}
                className="flex items-start gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{d.description}</span>
                  <span className="block truncate text-muted-foreground">
                    {d.property.name}
                    {d.dueBy ? `, correct by ${formatDate(d.dueBy)}` : ''}
                  </span>
                </span>
              </Link>
            </PopoverClose>
          </li>
        ))}
      </ul>
    </section>
  );
}
