import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { apiGetList, queryString, type ListPage } from '@/lib/api';
import { INSPECTIONS_KEY } from '@/features/inspections/api/inspection-queries';
import { useUnscheduled } from '@/features/requirements/api/use-unscheduled';

/** How many of each kind the bell lists; the totals come from X-Total-Count. */
export const ATTENTION_LIMIT = 5;

/**
 * Under the inspections prefix, so every inspection change (which invalidates the prefix)
 * refreshes the bell. The optimistic list updaters do not recognise this key and leave it be.
 */
export const ATTENTION_INSPECTIONS_KEY = [...INSPECTIONS_KEY, 'attention'] as const;

export interface AttentionInspections {
  overdue: ListPage<Inspection>;
  dueSoon: ListPage<Inspection>;
}

const attentionUrl = (status: 'overdue' | 'due_soon') =>
  `/api/inspections${queryString({ status, limit: ATTENTION_LIMIT, sort: 'due_asc' })}`;

export const attentionInspectionsOptions = queryOptions({
  queryKey: ATTENTION_INSPECTIONS_KEY,
  queryFn: async ({ signal }): Promise<AttentionInspections> => {
    const [overdue, dueSoon] = await Promise.all([
      apiGetList<Inspection>(attentionUrl('overdue'), signal),
      apiGetList<Inspection>(attentionUrl('due_soon'), signal),
    ]);
    return { overdue, dueSoon };
  },
});

/**
 * The overdue and due-soon inspections, soonest first, with how many of each there are; and
 * the requirements due with nothing scheduled ("Due, not scheduled"), which need someone to
 * schedule them.
 */
export function useAttentionInspections() {
  const unscheduled = useUnscheduled({ limit: ATTENTION_LIMIT });
  const query = useQuery(attentionInspectionsOptions);
  const overdueCount = query.data?.overdue.total ?? 0;
  const dueSoonCount = query.data?.dueSoon.total ?? 0;
  const unscheduledCount = unscheduled.data?.total ?? 0;
  const unscheduledOverdue = unscheduled.data?.items.some((r) => r.displayStatus === 'overdue') ?? false;
  return {
    ...query,
    refetch: async (options?: Parameters<typeof query.refetch>[0]) => {
      const [result] = await Promise.all([query.refetch(options), unscheduled.refetch(options)]);
      return result;
    },
    unscheduled: unscheduled.data,
    overdueCount,
    dueSoonCount,
    unscheduledCount,
    urgent: overdueCount > 0 || unscheduledOverdue,
    attentionCount: overdueCount + dueSoonCount + unscheduledCount,
  };
}
