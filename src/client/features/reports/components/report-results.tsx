import { FileText, FilterX } from 'lucide-react';
import type { ReportPages } from '../api/report-queries';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ReportList } from '@/components/report-list';

interface ReportResultsProps {
  list: ReportPages;
  /** A search or property filter is in effect: an empty answer means "no match", not "none yet". */
  filtered: boolean;
  /** Whether this account can generate reports, for what the empty list suggests. */
  canGenerate: boolean;
  onClearFilters: () => void;
}

const countText = (total: number) => `${total} ${total === 1 ? 'report' : 'reports'}`;

function ReportListSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading reports...</span>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** The report list with its count, loading, error and empty states, and Load more. */
export function ReportResults({ list, filtered, canGenerate, onClearFilters }: ReportResultsProps) {
  const retry = () => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch());

  if (list.isPending) return <ReportListSkeleton />;
  if (list.isError && !list.data) {
    return <LoadError message="Failed to load reports. Please try again." onRetry={retry} retrying={list.isFetching} />;
  }
  if (list.items.length === 0) {
    return filtered ? (
      <EmptyState
        icon={FilterX}
        title="No reports match your search"
        headingLevel="h3"
        action={
          <Button variant="outline" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      >
        Try other words or another property, or clear the filters to see every report.
      </EmptyState>
    ) : (
      <EmptyState icon={FileText} title="No reports yet" headingLevel="h3">
        {canGenerate
          ? 'Choose a property under Generate New Report to create its first fire-safety compliance PDF.'
          : 'With Pro, the fire-safety compliance PDFs you generate are listed here to download.'}
      </EmptyState>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <p className="font-medium text-foreground" aria-live="polite">
          {list.items.length < list.total ? `Showing ${list.items.length} of ${countText(list.total)}` : countText(list.total)}
        </p>
        {list.isFetching && !list.isFetchingNextPage ? <Spinner className="text-primary" /> : null}
      </div>
      <ReportList items={list.items} label="Reports across your properties" stale={list.isPlaceholderData} />
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner /> : null}
            Load more reports
          </Button>
        </div>
      ) : null}
      {list.isError ? (
        <LoadError message="Failed to load more reports. Please try again." onRetry={retry} retrying={list.isFetching} />
      ) : null}
    </div>
  );
}
