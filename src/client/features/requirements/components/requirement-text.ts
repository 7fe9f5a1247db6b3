import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { Requirement } from '@shared/schemas/requirement';
import { intervalLabel } from '@shared/intervals';

export const typeLabel = (type: InspectionType) => INSPECTION_TYPE_LABELS[type] ?? type;

/** "Every month · NFPA 101 (2021) 7.9.3.1.1", or "Custom" where a person added it without a source. */
export function intervalAndSource(requirement: Requirement): string {
  const source = requirement.source ?? (requirement.libraryId === null ? 'Custom' : '');
  return [intervalLabel(requirement), source].filter(Boolean).join(' · ');
}

/** Why the interval differs from its source, when someone changed it. */
export function intervalReason(requirement: Requirement): string | null {
  return requirement.changes.find((c) => c.kind === 'interval_changed')?.reason ?? null;
}

/** The schedule form, opened for this requirement on its next due date (today if that has passed). */
export function scheduleLink(requirement: Pick<Requirement, 'id' | 'propertyId' | 'itemType' | 'nextDueDate'>, today: string): string {
  const params = new URLSearchParams({
    propertyId: String(requirement.propertyId),
    inspectionType: requirement.itemType,
    requirementId: String(requirement.id),
    dueDate: requirement.nextDueDate < today ? today : requirement.nextDueDate,
  });
  return `/inspections/new?${params}`;
}
