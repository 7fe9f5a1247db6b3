import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAtLimit, UNKNOWN_SUBSCRIPTION_STATUS } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscription';

export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription/status'] as const;

export interface Subscription {
  /** The status, or SPEC's most restrictive defaults until it has arrived. */
  status: SubscriptionStatus;
  /** True until the first answer (or failure): screens wait rather than guess. */
  isLoading: boolean;
  isLoaded: boolean;
  isError: boolean;
  /** When the answer (or failure) arrived, in epoch ms: a plan kept on the device from an earlier visit is older than the page. */
  settledAt: number;
  isPremium: boolean;
  /** At the property limit: count >= limit and the limit is not -1 (SPEC 6). */
  isAtLimit: boolean;
  isAtInspectionLimit: boolean;
  canCreateProperty: boolean;
  canScheduleInspection: boolean;
}

/**
 * SPEC 9: stale after 30 s, kept 5 minutes, never retried, not refetched on focus or mount;
 * changes that move the counts invalidate it instead.
 */
export const subscriptionStatusOptions = queryOptions<SubscriptionStatus>({
  queryKey: SUBSCRIPTION_STATUS_KEY,
  staleTime: 30_000,
  gcTime: 5 * 60_000,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
});

/** The account's plan and usage, the source of every free-plan limit on screen. */
export function useSubscription(): Subscription {
  const query = useQuery(subscriptionStatusOptions);
  const status = query.data ?? UNKNOWN_SUBSCRIPTION_STATUS;
  return {
    status,
    isLoading: query.isPending,
    isLoaded: query.data !== undefined,
    isError: query.isError && query.data === undefined,
    settledAt: Math.max(query.dataUpdatedAt, query.errorUpdatedAt),
    isPremium: status.hasActiveSubscription,
    isAtLimit: isAtLimit(status.propertyCount, status.propertyLimit),
    isAtInspectionLimit: isAtLimit(status.scheduledInspectionCount, status.inspectionLimit),
    canCreateProperty: status.canCreateProperty,
    canScheduleInspection: status.canScheduleInspection,
  };
}
