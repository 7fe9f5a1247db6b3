import type { QueryClient } from '@tanstack/react-query';
import type { InspectionType } from '@shared/enums';
import { queryString } from '@/lib/api';
import { refetchAfterChange } from '@/lib/query-client';
import { DASHBOARD_STATS_KEY, PROPERTIES_KEY } from '@/features/properties/api/property-queries';

/**
 * Requirements due with no open inspection ("Due, not scheduled"): the upcoming page, the
 * bell, the dashboard and the calendar read them from this prefix.
 */
export const UNSCHEDULED_KEY = ['/api/requirements/unscheduled'] as const;
export const REQUIREMENT_LIBRARY_KEY = ['/api/requirements/library'] as const;

/** A property's requirements sit under the property, so every property refresh reaches them. */
export const propertyRequirementsKey = (propertyId: number) => [...PROPERTIES_KEY, propertyId, 'requirements'] as const;

export interface UnscheduledParams {
  q?: string;
  type?: InspectionType;
  propertyId?: number;
  /** Only these properties, "3,7" (an Insight link's choice, lib/chosen-properties.ts). */
  propertyIds?: string;
  from?: string;
  to?: string;
  limit?: number;
}

export const unscheduledKey = (params: UnscheduledParams) => [...UNSCHEDULED_KEY, params] as const;
export const unscheduledUrl = (params: UnscheduledParams & { offset?: number }) => `/api/requirements/unscheduled${queryString({ ...params })}`;

/** A requirement change moves its item, the property's status, the dashboard and what is due. */
export function refreshAfterRequirementChange(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, [{ queryKey: PROPERTIES_KEY }, { queryKey: DASHBOARD_STATS_KEY }, { queryKey: UNSCHEDULED_KEY }]);
}
