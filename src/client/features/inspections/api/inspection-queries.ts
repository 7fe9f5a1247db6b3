import { searchMatches } from '@shared/search-fold';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { InspectionType } from '@shared/enums';
import type { Inspection, INSPECTION_FILTER_STATUSES, INSPECTION_SORTS } from '@shared/schemas/inspection';
import { queryString } from '@/lib/api';
import { refetchAfterChange } from '@/lib/query-client';
import { DASHBOARD_STATS_KEY, PROPERTIES_KEY, propertyInspectionsKey } from '@/features/properties/api/property-queries';
import { UNSCHEDULED_KEY } from '@/features/requirements/api/requirement-queries';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';

export type InspectionFilterStatus = (typeof INSPECTION_FILTER_STATUSES)[number];
export type InspectionSort = (typeof INSPECTION_SORTS)[number];

/** The server-side filters of the inspection list endpoints (DECISIONS "Lists"). */
export interface InspectionListParams {
  q?: string;
  type?: InspectionType;
  status?: InspectionFilterStatus;
  from?: string;
  to?: string;
  sort?: InspectionSort;
  /** Only these properties' inspections, "3,7" (an Insight link's choice, lib/chosen-properties.ts). */
  propertyIds?: string;
}

/**
 * Which list endpoint: every inspection, the upcoming window (open ones due by today + 30,
 * overdue included), or one property's.
 */
export type InspectionScope = { kind: 'all' } | { kind: 'upcoming' } | { kind: 'property'; propertyId: number };

/** Every inspection query lives under one of these prefixes. */
export const INSPECTIONS_KEY = ['/api/inspections'] as const;
export const UPCOMING_INSPECTIONS_KEY = ['/api/inspections/upcoming'] as const;

export const inspectionKey = (id: number) => [...INSPECTIONS_KEY, id] as const;
export const reminderLogsKey = (id: number) => [...INSPECTIONS_KEY, id, 'reminder-logs'] as const;

/**
 * A list query's key ends in 'list' (or 'calendar') and its params, so cached lists can be
 * updated optimistically with the same rules the server filters by. A property's lists sit
 * under the property's key, so a property change refreshes them too.
 */
export function inspectionListKey(scope: InspectionScope, params: InspectionListParams & { limit?: number }, kind: 'list' | 'calendar' = 'list'): QueryKey {
  if (scope.kind === 'property') return [...propertyInspectionsKey(scope.propertyId), kind, params];
  if (scope.kind === 'upcoming') return [...UPCOMING_INSPECTIONS_KEY, kind, params];
  return [...INSPECTIONS_KEY, kind, params];
}

export function inspectionListUrl(scope: InspectionScope, params: InspectionListParams & { limit?: number; offset?: number }): string {
  const base =
    scope.kind === 'property'
      ? `/api/properties/${scope.propertyId}/inspections`
      : scope.kind === 'upcoming'
        ? '/api/inspections/upcoming'
        : '/api/inspections';
  return `${base}${queryString({ ...params })}`;
}

/** What a cached inspection query is, read back from its key. */
export type InspectionQueryInfo =
  | { kind: 'one'; id: number }
  | { kind: 'list'; scope: InspectionScope; params: InspectionListParams };

export function describeInspectionKey(key: QueryKey): InspectionQueryInfo | null {
  const [root, second, third] = key;
  if (root === INSPECTIONS_KEY[0]) {
    if (typeof second === 'number') return key.length === 2 ? { kind: 'one', id: second } : null;
    if (second === 'list' || second === 'calendar') return { kind: 'list', scope: { kind: 'all' }, params: paramsOf(key[2]) };
    return null;
  }
  if (root === UPCOMING_INSPECTIONS_KEY[0] && (second === 'list' || second === 'calendar')) {
    return { kind: 'list', scope: { kind: 'upcoming' }, params: paramsOf(key[2]) };
  }
  if (root === PROPERTIES_KEY[0] && typeof second === 'number' && third === 'inspections') {
    // [..., 'inspections'] alone is the property page's own first page, unfiltered.
    return { kind: 'list', scope: { kind: 'property', propertyId: second }, params: paramsOf(key[4]) };
  }
  return null;
}

function paramsOf(value: unknown): InspectionListParams {
  return value && typeof value === 'object' ? (value as InspectionListParams) : {};
}

/** Whether the server would list this inspection for the scope and filters ("today" in the account's zone). */
export function belongsInList(inspection: Inspection, scope: InspectionScope, params: InspectionListParams, upcomingEnd: string): boolean {
  if (scope.kind === 'property' && inspection.propertyId !== scope.propertyId) return false;
  if (scope.kind === 'upcoming') {
    const open = inspection.status === 'scheduled' || inspection.status === 'in_progress';
    if (!open || inspection.dueDate > upcomingEnd) return false;
  }
  if (params.type && inspection.inspectionType !== params.type) return false;
  if (params.status && inspection.displayStatus !== params.status) return false;
  if (params.from && inspection.dueDate < params.from) return false;
  if (params.to && inspection.dueDate > params.to) return false;
  if (params.propertyIds && !params.propertyIds.split(',').map(Number).includes(inspection.propertyId)) return false;
  const term = params.q?.trim();
  if (term && !searchMatches(inspection.property?.name ?? '', term) && !searchMatches(inspection.assignedTo, term)) return false;
  return true;
}

/**
 * SPEC 7: an inspection change refreshes the inspection lists, upcoming, dashboard stats, the
 * inspection and its reminder logs (all under the inspection prefixes), the properties with
 * their own queries (their compliance items and requirements moved) and the plan usage; and
 * what is due with nothing scheduled, which an inspection scheduled or removed changes.
 */
export function refreshAfterInspectionChange(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, [
    { queryKey: INSPECTIONS_KEY },
    { queryKey: UPCOMING_INSPECTIONS_KEY },
    { queryKey: DASHBOARD_STATS_KEY },
    { queryKey: PROPERTIES_KEY },
    { queryKey: SUBSCRIPTION_STATUS_KEY },
    { queryKey: UNSCHEDULED_KEY },
  ]);
}
