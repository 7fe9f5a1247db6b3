import { useReportPages, type ReportListFilters } from './report-queries';

const PAGE_SIZE = 25;

/** Every report of the account, searched, filtered and sorted by the server, 25 at a time. */
export function useReportList(filters: ReportListFilters) {
  return useReportPages(filters, PAGE_SIZE);
}
