import { useId } from 'react';
import { CalendarPlus, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { humanize, INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { Property } from '@shared/schemas/property';
import { isTemporaryId } from '@/features/properties/api/property-queries';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { GenerateReportAction } from './generate-report-action';
import { AddressLines } from './address-lines';
import { StatusBadge, StatusReason } from './status-badge';

interface PropertyCardProps {
  property: Property;
  /** The name's heading level, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
}

/** SPEC 2, "Property card". The card is an article named by the property, for scoping. */
export function PropertyCard({ property, headingLevel: Heading = 'h3' }: PropertyCardProps) {
  const titleId = useId();
  const saving = isTemporaryId(property.id);
  const canSchedule = usePermissions().can('inspections.schedule');
  const lastUpdated = formatDateTime(property.lastUpdated || property.createdAt);

  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <Heading id={titleId} className="break-words text-base font-semibold leading-snug">
            {saving ? property.name : <Link to={`/properties/${property.id}`} className="underline-offset-4 hover:underline">{property.name}</Link>}
          </Heading>
          <p className="text-sm text-muted-foreground">{humanize(property.propertyType)}</p>
        </div>
        <StatusBadge status={property.status} className="mt-0.5" />
      </div>
      <StatusReason status={property.status} reason={property.statusReason} className="-mt-2" />

      <p className="break-words text-sm leading-relaxed text-slate-700">
        <AddressLines address={property} />
      </p>

      <div className="space-y-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Compliance</p>
        {property.complianceItems.length ? (
          <ul aria-label={`Compliance items of ${property.name}`} className="space-y-1.5">
            {property.complianceItems.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{INSPECTION_TYPE_LABELS[item.itemType] ?? humanize(item.itemType)}</span>
                <StatusBadge status={item.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No inspections recorded yet.</p>
        )}
      </div>

      <div className="mt-auto space-y-3 border-t pt-3">
        {lastUpdated ? <p className="text-xs text-muted-foreground">Last updated {lastUpdated}</p> : null}
        {saving ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Saving...
          </p>
        ) : (
          <div className="flex flex-wrap items-start gap-2">
            {canSchedule ? (
              <Button asChild size="sm">
                <Link to={`/inspections/new?propertyId=${property.id}`}>
                  <CalendarPlus aria-hidden="true" />
                  Schedule Inspection<span className="sr-only"> for {property.name}</span>
                </Link>
              </Button>
            ) : null}
            <Button asChild size="sm" variant="outline">
              <Link to={`/properties/${property.id}`}>
                <Eye aria-hidden="true" />
                View Details<span className="sr-only"> of {property.name}</span>
              </Link>
            </Button>
            <GenerateReportAction size="sm" propertyId={property.id} propertyName={property.name} compact />
          </div>
        )}
      </div>
    </Card>
  );
}

/** The shape of a property card while the list loads. */
export function PropertyCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex justify-between gap-3">
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <Skeleton className="h-4 w-full" />
      <div className="flex gap-2 border-t pt-3">
        <Skeleton className="h-9 w-36" />
        <Skeleton className="h-9 w-28" />
      </div>
    </Card>
  );
}

/** A grid of card skeletons, announced once to screen readers. */
export function PropertyGridSkeleton({ count = 6, label = 'Loading properties...' }: { count?: number; label?: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <PropertyCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** Property cards in the grid every list of properties uses. */
export function PropertyGrid({ properties }: { properties: Property[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {properties.map((property) => (
        <li key={property.id}>
          <PropertyCard property={property} />
        </li>
      ))}
    </ul>
  );
}
