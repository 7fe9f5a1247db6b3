import type { InspectionType, PropertyStatus } from '@shared/enums';
import type { DeficiencySeverity } from '@shared/records';

/**
 * Where each figure's numbers can be looked at one by one: the list pages with the filters
 * their URLs already take. The lists show the whole organisation (or what the member may
 * see); none of them narrows to a chosen set of properties, so a link opens the list as a
 * whole filtered by what the figure counted.
 */

/** The properties with this status now (the properties page's `status` filter). */
export const propertiesWithStatus = (status: PropertyStatus) => `/properties?status=${status}`;

/**
 * The inspections calendar opened on a week's Monday, what is due that week (scheduled, or due
 * with nothing scheduled) on its days; the lists take no range of dates, the calendar does.
 */
export function dueInWeek(weekStart: string, type?: InspectionType): string {
  const params = new URLSearchParams({ view: 'calendar', date: weekStart, status: 'all' });
  if (type) params.set('type', type);
  return `/inspections?${params.toString()}`;
}

/** The completed inspections of a month ("2026-03"), on the inspections calendar. */
export const completedInMonth = (month: string) => `/inspections?view=calendar&month=${month}&status=completed`;

/**
 * The open deficiencies of every property, of a severity and an age band when given (the
 * deficiencies list counts the bands as the figure does, so its total is the figure's number).
 */
export function openDeficiencies({ severity, age, propertyId }: { severity?: DeficiencySeverity; age?: '0-30' | '31-90' | '90+'; propertyId?: number } = {}): string {
  const params = new URLSearchParams();
  if (propertyId) params.set('propertyId', String(propertyId));
  if (severity) params.set('severity', severity);
  if (age) params.set('age', age);
  const query = params.toString();
  return query ? `/deficiencies?${query}` : '/deficiencies';
}

/** A property's deficiencies (its page's Deficiencies tab). */
export const propertyDeficiencies = (propertyId: number) => `/properties/${propertyId}?tab=deficiencies`;

export const propertyPage = (propertyId: number) => `/properties/${propertyId}`;
