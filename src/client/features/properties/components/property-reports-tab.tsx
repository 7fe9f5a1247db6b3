import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ReportList } from '@/components/report-list';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { usePropertyReports } from '../api/use-property-reports';

/** SPEC 2, "Property details", Reports tab: newest first, a page at a time. */
export function PropertyReportsTab({ propertyId }: { propertyId: number }) {
  const reports = usePropertyReports(propertyId);
  const retry = () => void (reports.isFetchNextPageError ? reports.fetchNextPage() : reports.refetch());

  if (reports.isPending) return <LoadingState message="Loading reports..." />;
  if (reports.isError && !reports.data) {
    return <LoadError message="Failed to load reports. Please try again." onRetry={retry} retrying={reports.isFetching} />;
  }

  const { items, total } = reports;
  if (items.length === 0) {
    return (
      <EmptyState icon={FileText} title="No reports generated yet.">
        Compliance reports you generate for this property will be listed here to download.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {items.length < total ? `Showing ${items.length} of ${total} reports` : `${total} ${total === 1 ? 'report' : 'reports'}`}
      </p>
      <ReportList items={items} label="Reports of this property" showProperty={false} />
      {reports.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void reports.fetchNextPage()} disabled={reports.isFetchingNextPage}>
            {reports.isFetchingNextPage ? <Spinner /> : null}
            Load more reports
          </Button>
        </div>
      ) : null}
      {reports.isError ? (
        <LoadError message="Failed to load more reports. Please try again." onRetry={retry} retrying={reports.isFetching} />
      ) : null}
    </div>
  );
}
