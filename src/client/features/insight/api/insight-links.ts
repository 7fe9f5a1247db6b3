import type { InspectionType, PropertyStatus } from '@shared/enums';
import type { DeficiencySeverity } from '@shared/records';

/**
 * Where each figure's numbers can be looked at one by one: the list pages with the filters
 * their URLs already take. With properties chosen on the page, every link carries them
 * (`propertyIds=3,7`, the form the figures' own calls take), so the list narrows to the same
 * properties the figure counted and a number clicked is the rows shown. Without a choice the
 * lists show everything the member may see, as the figures count.
 */

/** The chosen properties as the lists' URLs take them, "3,7"; none for every property. */
const chosen = (propertyIds?: readonly number[]) => (propertyIds?.length ? propertyIds.join(',') : undefined);

/** A list page's address; commas left as they are, so it reads as the server's documentation writes it. */
function listUrl(path: string, params: URLSearchParams, propertyIds?: readonly number[]): string {
  const ids = chosen(propertyIds);
  const query = [params.toString(), ids ? `propertyIds=${ids}` : ''].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

/** The properties with this status now (the properties page's `status` filter). */
export const propertiesWithStatus = (status: PropertyStatus, propertyIds?: readonly number[]) =>
  listUrl('/properties', new URLSearchParams({ status }), propertyIds);

/**
 * The inspections calendar opened on a week's Monday, what is due that week (scheduled, or due
 * with nothing scheduled) on its days; the lists take no range of dates, the calendar does.
 */
export function dueInWeek(weekStart: string, type?: InspectionType, propertyIds?: readonly number[]): string {
  const params = new URLSearchParams({ view: 'calendar', date: weekStart, status: 'all' });
  if (type) params.set('type', type);
  return listUrl('/inspections', params, propertyIds);
}

/** The completed inspections of a month ("2026-03"), on the inspections calendar. */
export const completedInMonth = (month: string, propertyIds?: readonly number[]) =>
  listUrl('/inspections', new URLSearchParams({ view: 'calendar', month, status: 'completed' }), propertyIds);

/**
 * The open deficiencies, of a severity and an age band when given (the deficiencies list counts
 * the bands as the figure does, so its total is the figure's number). One chosen property is
 * passed as `propertyId`, which the list names ("Showing one property: ..."); several as
 * `propertyIds`.
 */
export function openDeficiencies({ severity, age, propertyIds }: { severity?: DeficiencySeverity; age?: '0-30' | '31-90' | '90+'; propertyIds?: readonly number[] } = {}): string {
  const params = new URLSearchParams();
  const one = propertyIds?.length === 1 ? propertyIds[0] : undefined;
  if (one) params.set('propertyId', String(one));
  if (severity) params.set('severity', severity);
  if (age) params.set('age', age);
  return listUrl('/deficiencies', params, one ? undefined : propertyIds);
}

/** A property's deficiencies (its page's Deficiencies tab). */
export const propertyDeficiencies = (propertyId: number) => `/properties/${propertyId}?tab=deficiencies`;

export const propertyPage = (propertyId: number) => `/properties/${propertyId}`;
