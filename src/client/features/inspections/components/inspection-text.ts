import { formatDate } from '@/lib/format-date';
import { humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { Inspection } from '@shared/schemas/inspection';

export const inspectionTypeLabel = (type: InspectionType | string): string =>
  INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);

/** SPEC 3: an unknown property name displays 'Unknown Property'. */
export const propertyNameOf = (inspection: Pick<Inspection, 'property'>): string =>
  inspection.property?.name?.trim() || 'Unknown Property';

export const isOpenInspection = (inspection: Pick<Inspection, 'status'>): boolean =>
  inspection.status === 'scheduled' || inspection.status === 'in_progress';

/** "Fire Alarm at Maple Court, due Mar 5, 2024": tells row actions apart for screen readers. */
export function describeInspection(inspection: Inspection, withProperty = true): string {
  const where = withProperty ? ` at ${propertyNameOf(inspection)}` : '';
  return `${inspectionTypeLabel(inspection.inspectionType)}${where}, due ${formatDate(inspection.dueDate)}`;
}
