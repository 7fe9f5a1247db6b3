import type { QueryClient } from '@tanstack/react-query';
import type { PropertySort } from '@shared/enums';
import { inspectionListOptions } from '@/features/inspections/api/use-inspection-list';
import { DASHBOARD_STATS_KEY, propertyListOptions, type PropertyListFilters } from '@/features/properties/api/property-queries';
import { unscheduledOptions } from '@/features/requirements/api/use-unscheduled';
import { oneOf } from '@/lib/use-url-params';

/** How many of each list the dashboard shows. */
export const DASHBOARD_SHOWN = { properties: 6, upcoming: 5, unscheduled: 5 } as const;

/**
 * The sorts 'Your Properties' offers. It opens on what needs attention first (issue 10,
 * "Problems first"), so a failing property is never off screen.
 */
export const DASHBOARD_SORTS = ['attention', 'created_desc', 'name_asc', 'compliance'] as const satisfies readonly PropertySort[];
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export const DASHBOARD_DEFAULT_SORT: DashboardSort = 'attention';

/** 'Your Properties' filters, as the URL's `status` and `sort` choose them. */
export function dashboardPropertyFilters(params: URLSearchParams): PropertyListFilters & { sort: DashboardSort } {
  return {
    status: params.get('status') === 'non_compliant' ? 'non_compliant' : undefined,
    sort: oneOf(DASHBOARD_SORTS, params.get('sort')) ?? DASHBOARD_DEFAULT_SORT,
  };
}

/**
 * Asks for what the dashboard shows from the account's data while the page's code is still
 * downloading, instead of once it has rendered: the same queries its parts read, so each is
 * asked for once and the page draws its numbers in its first render when they have arrived.
 * Resolves when all have answered (prefetches never reject).
 */
export function prefetchDashboard(client: QueryClient, params: URLSearchParams): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery({ queryKey: DASHBOARD_STATS_KEY }),
    client.prefetchInfiniteQuery(propertyListOptions(dashboardPropertyFilters(params), DASHBOARD_SHOWN.properties)),
    client.prefetchInfiniteQuery(inspectionListOptions({ kind: 'upcoming' }, {}, DASHBOARD_SHOWN.upcoming)),
    client.prefetchQuery(unscheduledOptions({ limit: DASHBOARD_SHOWN.unscheduled })),
  ]);
}
