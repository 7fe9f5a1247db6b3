import { useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { apiGetList, queryString, type ListPage } from '@/lib/api';
import { INSPECTIONS_KEY } from '@/lib/inspection-queries';

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

/** The overdue and due-soon inspections, soonest first, with how many of each there are. */
export function useAttentionInspections() {
  const query = useQuery({
    queryKey: ATTENTION_INSPECTIONS_KEY,
    queryFn: async ({ signal }): Promise<AttentionInspections> => {
      const [overdue, dueSoon] = await Promise.all([
        apiGetList<Inspection>(attentionUrl('overdue'), signal),
        apiGetList<Inspection>(attentionUrl('due_soon'), signal),
      ]);
      return { overdue, dueSoon };
    },
  });
  const overdueCount = query.data?.overdue.total ?? 0;
  const dueSoonCount = query.data?.dueSoon.total ?? 0;
  return { ...query, overdueCount, dueSoonCount, attentionCount: overdueCount + dueSoonCount };
}
