import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { apiGetList, type ListPage } from '@/lib/api';
import { inspectionListKey, inspectionListUrl, type InspectionListParams, type InspectionScope } from './inspection-queries';

const PAGE = 500;
/** A month busier than this shows the dates of its first inspections only, and says so. */
export const CALENDAR_MONTH_CAP = 2000;

/**
 * One month of inspections for the calendar's highlights (DECISIONS "Lists": the calendar
 * asks for a date range). Pages of 500 up to a cap, so even a large portfolio's month stays
 * a bounded download.
 */
export function useCalendarMonth(scope: InspectionScope, params: InspectionListParams, from: string, to: string) {
  const filters = { ...params, from, to, sort: 'due_asc' as const };
  return useQuery({
    queryKey: inspectionListKey(scope, filters, 'calendar'),
    queryFn: async ({ signal }): Promise<ListPage<Inspection>> => {
      const items: Inspection[] = [];
      let total = 0;
      do {
        const page = await apiGetList<Inspection>(inspectionListUrl(scope, { ...filters, limit: PAGE, offset: items.length }), signal);
        items.push(...page.items);
        total = page.total;
        if (page.items.length === 0) break;
      } while (items.length < total && items.length < CALENDAR_MONTH_CAP);
      return { items, total };
    },
    placeholderData: keepPreviousData,
  });
}
