import { useId, type ReactNode } from 'react';
import type { Inspection } from '@shared/schemas/inspection';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { useInspectionList } from '../api/use-inspection-list';
import { InspectionList } from './inspection-list';

interface InspectionResultsProps {
  list: ReturnType<typeof useInspectionList>;
  /** Names the table and cards for screen readers. */
  label: string;
  /** What to show when the answer is empty (no inspections yet, or none match). */
  empty: ReactNode;
  renderActions: (inspection: Inspection) => ReactNode;
  showProperty?: boolean;
  showNotes?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export const countText = (total: number) => `${total} ${total === 1 ? 'inspection' : 'inspections'}`;

export function InspectionListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading inspections...</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

/** A paged inspection list with its count, loading, error and empty states, and Load more. */
export function InspectionResults({ list, label, empty, renderActions, showProperty, showNotes, headingLevel: Heading = 'h2' }: InspectionResultsProps) {
  const headingId = useId();
  if (list.isPending) return <InspectionListSkeleton />;
  if (list.isError && !list.data) {
    return (
      <LoadError
        message="Failed to load inspections. Please try again."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.items.length === 0) return <>{empty}</>;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <Heading id={headingId} className="font-medium text-foreground" aria-live="polite">
          {countText(list.total)}
        </Heading>
        {list.items.length < list.total ? <span>Showing {list.items.length}</span> : null}
        {list.isFetching && !list.isFetchingNextPage ? <Spinner className="text-primary" /> : null}
      </div>
      <InspectionList
        items={list.items}
        label={label}
        showProperty={showProperty}
        showNotes={showNotes}
        renderActions={renderActions}
        stale={list.isPlaceholderData}
      />
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? <Spinner /> : null}
            Load more
          </Button>
        </div>
      ) : null}
      {list.isError && list.data ? (
        <LoadError
          message="Failed to load inspections. Please try again."
          onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
          retrying={list.isFetching}
        />
      ) : null}
    </section>
  );
}
