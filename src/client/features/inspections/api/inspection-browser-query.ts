import type { QueryClient } from '@tanstack/react-query';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { unscheduledOptions } from '@/features/requirements/api/use-unscheduled';
import { oneOf } from '@/lib/use-url-params';
import { chosenPropertiesParam, chosenPropertyIds } from '@/lib/chosen-properties';
import type { InspectionFilterStatus, InspectionListParams, InspectionScope, InspectionSort } from './inspection-queries';
import { inspectionListOptions } from './use-inspection-list';

/** How many rows the inspections pages' lists show at a time. */
export const INSPECTION_BROWSER_PAGE_SIZE = 25;

const SORTS = ['due_asc', 'due_desc', 'created_desc', 'property'] as const satisfies readonly InspectionSort[];
export const INSPECTIONS_DEFAULT_SORT: InspectionSort = 'due_asc';

/** What an inspections page lists, the statuses its filter offers, the one it opens on, and whether it offers a sort. */
export interface InspectionListing {
  scope: Extract<InspectionScope, { kind: 'all' } | { kind: 'upcoming' }>;
  statusOptions: readonly { value: InspectionFilterStatus; label: string }[];
  /** The status the page opens on; choosing "All statuses" then shows every one. */
  defaultStatus?: InspectionFilterStatus;
  /** Offer the list's sort (the upcoming list is always soonest first). */
  sortable?: boolean;
}

/** /inspections: SPEC 2's status filter, and 'Open', what the page opens on (issue 10). */
export const ALL_INSPECTIONS_LISTING: InspectionListing = {
  scope: { kind: 'all' },
  statusOptions: [
    { value: 'open', label: 'Open' },
    { value: 'scheduled', label: 'Scheduled' },
    { value: 'completed', label: 'Completed' },
    { value: 'overdue', label: 'Overdue' },
    { value: 'due_soon', label: 'Due soon' },
  ],
  defaultStatus: 'open',
  sortable: true,
};

/** /inspections/upcoming: SPEC 2's status filter. */
export const UPCOMING_INSPECTIONS_LISTING: InspectionListing = {
  scope: { kind: 'upcoming' },
  statusOptions: [
    { value: 'scheduled', label: 'Scheduled' },
    { value: 'in_progress', label: 'In Progress' },
    { value: 'overdue', label: 'Overdue' },
    { value: 'due_soon', label: 'Due soon' },
  ],
};

/** How many requirements due, not scheduled, /inspections/upcoming lists above its inspections. */
export const UPCOMING_UNSCHEDULED_LIMIT = 100;

/** The filters, sort and view of an inspections page as its URL chooses them. */
export function inspectionUrlFilters(params: URLSearchParams, listing: InspectionListing) {
  // With a default status, "all" in the URL is the choice of every status.
  const statusParam = params.get('status');
  const statuses = listing.statusOptions.map((option) => option.value);
  return {
    q: params.get('q')?.trim() ?? '',
    type: oneOf<InspectionType>(INSPECTION_TYPES, params.get('type')),
    status: statusParam === 'all' ? undefined : (oneOf(statuses, statusParam) ?? listing.defaultStatus),
    sort: oneOf(SORTS, params.get('sort')) ?? INSPECTIONS_DEFAULT_SORT,
    view: params.get('view') === 'calendar' ? ('calendar' as const) : ('list' as const),
    // Insight's links open /inspections only; the upcoming page's unscheduled list above its rows does not narrow.
    propertyIds: listing.scope.kind === 'all' ? chosenPropertiesParam(chosenPropertyIds(params)) : undefined,
  };
}

/** What the page's list asks the server for, given its URL's filters. */
export function inspectionListParams(listing: InspectionListing, filters: ReturnType<typeof inspectionUrlFilters>): InspectionListParams {
  const params = { q: filters.q || undefined, type: filters.type, status: filters.status, propertyIds: filters.propertyIds };
  return listing.sortable ? { ...params, sort: filters.sort } : params;
}

/**
 * Asks for what an inspections page's list shows while its code is still downloading, on a
 * first load or a navigation here (routes.tsx): the query the list reads, so it is asked for once and the first
 * screen is drawn with its rows. The calendar's month depends on the day in the account's time
 * zone, known only once the session is, so a calendar URL is left to the page. Resolves when
 * it has answered (prefetches never reject).
 */
function prefetchListing(client: QueryClient, listing: InspectionListing, params: URLSearchParams): Promise<unknown> {
  const filters = inspectionUrlFilters(params, listing);
  if (filters.view !== 'list') return Promise.resolve();
  return client.prefetchInfiniteQuery(inspectionListOptions(listing.scope, inspectionListParams(listing, filters), INSPECTION_BROWSER_PAGE_SIZE));
}

export function prefetchInspectionsPage(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  return prefetchListing(client, ALL_INSPECTIONS_LISTING, params);
}

/** The upcoming list, and the requirements due with nothing scheduled that it shows above its rows, filtered alike. */
export function prefetchUpcomingPage(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  const filters = inspectionUrlFilters(params, UPCOMING_INSPECTIONS_LISTING);
  return Promise.all([
    prefetchListing(client, UPCOMING_INSPECTIONS_LISTING, params),
    filters.view === 'list' ? client.prefetchQuery(unscheduledOptions({ q: filters.q || undefined, type: filters.type, limit: UPCOMING_UNSCHEDULED_LIMIT })) : undefined,
  ]);
}
