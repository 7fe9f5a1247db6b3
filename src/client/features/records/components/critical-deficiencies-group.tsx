import { OctagonAlert } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import type { Deficiency } from '@shared/schemas/deficiency';
import { NotificationEntry, NotificationGroup } from '@/components/notification-group';

/** The bell's list of open critical deficiencies, each leading to its property. */
export function CriticalDeficienciesGroup({ items, total }: { items: Deficiency[]; total: number }) {
  if (items.length === 0) return null;
  return (
    <NotificationGroup title="Critical deficiencies" total={total} countClassName="bg-red-100 text-red-800">
      {items.map((d) => (
        <NotificationEntry key={d.id} to={`/properties/${d.propertyId}`} icon={<OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />}>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{d.description}</span>
            <span className="block truncate text-muted-foreground">
              {d.property.name}
              {d.dueBy ? `, correct by ${formatDate(d.dueBy)}` : ''}
            </span>
          </span>
        </NotificationEntry>
      ))}
    </NotificationGroup>
  );
}
