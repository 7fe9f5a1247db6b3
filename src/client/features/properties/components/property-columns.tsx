import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { humanize } from '@shared/enums';
import type { Property } from '@shared/schemas/property';
import { formatDate } from '@/lib/format-date';
import { StatusBadge, StatusReason } from '@/components/status-badge';

export interface PropertyColumn {
  key: string;
  header: string;
  cell: (property: Property) => ReactNode;
  className?: string;
}

/** The earliest next due date of a property's items: when it next needs someone on site. */
export function nextDueDate(property: Property): string | null {
  const dates = property.complianceItems.map((item) => item.nextDueDate).filter((d): d is string => Boolean(d));
  return dates.length ? dates.sort()[0]! : null;
}

/** The dense table's columns, in order; a new column is one more entry here. */
export const PROPERTY_COLUMNS: PropertyColumn[] = [
  {
    key: 'name',
    header: 'Name',
    className: 'min-w-48 font-medium',
    cell: (property) => (
      <Link to={`/properties/${property.id}`} className="break-words text-primary underline-offset-4 hover:underline">
        {property.name}
      </Link>
    ),
  },
  { key: 'type', header: 'Type', className: 'whitespace-nowrap', cell: (property) => humanize(property.propertyType) },
  { key: 'city', header: 'City', cell: (property) => `${property.city}, ${property.state}` },
  {
    key: 'status',
    header: 'Status',
    className: 'min-w-48',
    cell: (property) => (
      <div className="space-y-1">
        <StatusBadge status={property.status} />
        <StatusReason status={property.status} reason={property.statusReason} className="text-xs" />
      </div>
    ),
  },
  {
    key: 'nextDue',
    header: 'Next due',
    className: 'whitespace-nowrap',
    cell: (property) => {
      const due = nextDueDate(property);
      return due ? formatDate(due) : <span className="text-muted-foreground">Nothing scheduled</span>;
    },
  },
  {
    key: 'deficiencies',
    header: 'Open deficiencies',
    className: 'whitespace-nowrap',
    // Only where there are some: an empty cell keeps the eye on the rows that need work.
    cell: (property) =>
      property.openDeficiencies > 0 ? (
        <Link to={`/properties/${property.id}?tab=deficiencies`} className="text-primary underline-offset-4 hover:underline">
          {property.openDeficiencies}
          {property.criticalDeficiencies > 0 ? ' ' : null}
          {property.criticalDeficiencies > 0 ? <span className="font-semibold text-red-700">({property.criticalDeficiencies} critical)</span> : null}
        </Link>
      ) : null,
  },
];
