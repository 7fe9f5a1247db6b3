import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '@/lib/query-client';

/**
 * A paid or cancelled plan changes the status, the user, the billing details, the limits on
 * properties, the dashboard and the inspection lists (SPEC 7, "Cache refresh after
 * changes"): every query is read again rather than a list that could miss one.
 */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, [{}]);
}
