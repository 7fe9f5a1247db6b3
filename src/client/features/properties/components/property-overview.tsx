import type { ReactNode } from 'react';
import { ClipboardList } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { usePermissions } from '@/lib/use-permissions';
import { itemDevicesReason } from '@shared/compliance';
import { humanize, INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { Property } from '@shared/schemas/property';
import { AddressLines } from '@/components/address-lines';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CodeSetCard } from '@/features/requirements/components/code-set-card';
import { ManagerMailStatus } from './manager-mail-status';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** "2 devices out of service": why an item is non-compliant when its devices are, in the property's reason words. */
function DevicesReason({ item }: { item: Property['complianceItems'][number] }) {
  const reason = itemDevicesReason(item);
  if (!reason) return null;
  return <p className="text-sm font-medium text-destructive">{reason.charAt(0).toUpperCase() + reason.slice(1)}</p>;
}

/** SPEC 2, "Property details", Overview tab: where it is, what it is, and its compliance items. */
export function PropertyOverview({ property }: { property: Property }) {
  const canSchedule = usePermissions().can('inspections.schedule');
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Property Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-4">
              <Detail term="Address">
                <AddressLines address={property} withCountry />
              </Detail>
              <Detail term="Property type">{humanize(property.propertyType)}</Detail>
              <Detail term="Manager email">
                <a
                  href={`mailto:${property.managerEmail}`}
                  className="break-all font-medium text-primary underline-offset-4 hover:underline"
                >
                  {property.managerEmail}
                </a>
                <div className="mt-2">
                  <ManagerMailStatus propertyId={property.id} />
                </div>
              </Detail>
              <Detail term="Added on">{formatDate(property.createdAt)}</Detail>
            </dl>
          </CardContent>
        </Card>
        <CodeSetCard property={property} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Compliance Items</CardTitle>
        </CardHeader>
        <CardContent>
          {property.complianceItems.length ? (
            <ul className="divide-y">
              {property.complianceItems.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="space-y-1">
                    <p className="font-medium">{INSPECTION_TYPE_LABELS[item.itemType] ?? humanize(item.itemType)}</p>
                    <p className="text-sm text-muted-foreground">
                      {item.lastInspectionDate
                        ? `Last inspected ${formatDate(item.lastInspectionDate)}`
                        : 'Never inspected'}
                      {item.nextDueDate ? ` · Next due ${formatDate(item.nextDueDate)}` : ''}
                    </p>
                    {item.status === 'non_compliant' ? <DevicesReason item={item} /> : null}
                  </div>
                  <StatusBadge status={item.status} className="self-start sm:self-auto" />
                </li>
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-2 py-6 text-center">
              <ClipboardList aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-sm text-muted-foreground">
                {canSchedule
                  ? 'No compliance items yet. Schedule an inspection to start tracking.'
                  : 'No compliance items yet. They appear once an inspection is scheduled or a safety item is added.'}
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
