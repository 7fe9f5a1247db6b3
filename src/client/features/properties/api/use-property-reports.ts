import { useReportPages } from '@/features/reports/api/report-queries';

const PAGE_SIZE = 20;

/** One property's reports, newest first, a page at a time ("Load more"). */
export function usePropertyReports(propertyId: number) {
  return useReportPages({ sort: 'newest' }, PAGE_SIZE, propertyId);
}
