import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, FilterX, ListChecks, RefreshCw } from 'lucide-react';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@shared/enums';
import { forbiddenMessage } from '@shared/permissions';
import { useUrlParams } from '@/lib/use-url-params';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useToday } from '@/features/inspections/api/use-today';
import { RECORD_HISTORY } from '../api/history-permission';
import { lastDoneFiltersFromUrl, useLastDone } from '../api/last-done-queries';
import { ImportHistoryButton } from '../components/history-entry-points';
import { LastDoneGrid } from '../components/last-done-grid';

/**
 * Issue 35 §2, "Record past inspections": every requirement of every property the member
 * reaches, with the day it was last done and its result to type in, saved row by row.
 */
export default function PastInspectionsPage() {
  useDocumentTitle('Record past inspections');
  if (!usePermissions().can(RECORD_HISTORY)) {
    return (
      <>
        <PageHeader title="Record past inspections" />
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">{forbiddenMessage(RECORD_HISTORY)}</p>
      </>
    );
  }
  return <PastInspections />;
}

function PastInspections() {
  const id = useId();
  const gridTitleId = useId();
  const today = useToday();
  const { params, update, setParams } = useUrlParams();
  const filters = lastDoneFiltersFromUrl(params);
  const filtered = Boolean(filters.q || filters.type || filters.propertyId);
  const list = useLastDone(filters);
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const oneProperty = filters.propertyId ? entries[0]?.propertyName : undefined;

  // Pressed from the keyboard, "Load more" hands the focus to the first row it loaded.
  const focusRowOnLoad = useRef<number | null>(null);
  useEffect(() => {
    const row = focusRowOnLoad.current;
    if (row === null || entries.length <= row) return;
    focusRowOnLoad.current = null;
    const focused = document.activeElement;
    if (focused === document.body || (focused instanceof HTMLElement && focused.dataset.gridMore !== undefined)) {
      document.querySelector<HTMLInputElement>(`[data-row="${row}"][data-col="0"]`)?.focus();
    }
  }, [entries.length]);
  const loadMore = () => {
    focusRowOnLoad.current = entries.length;
    void list.fetchNextPage();
  };

  return (
    <>
      {filters.propertyId ? (
        <Button asChild variant="link" className="mb-2 h-auto px-0">
          <Link to={`/properties/${filters.propertyId}`}>
            <ArrowLeft aria-hidden="true" /> Back to {oneProperty ?? 'the property'}
          </Link>
        </Button>
      ) : null}
      <PageHeader
        title="Record past inspections"
        description="When was each requirement last done? Type the day and its result from your records: each row is saved as you go, and its schedule counts from that day."
        actions={<ImportHistoryButton />}
      />

      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border bg-background p-4 shadow-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-1.5">
          <SearchField
            id={`${id}-q`}
            label="Search"
            placeholder="Property, address or activity"
            value={filters.q ?? ''}
            onSearch={(term) => update({ q: term || undefined })}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={`${id}-type`}>Safety item</Label>
          <Select id={`${id}-type`} value={filters.type ?? ''} onChange={(event) => update({ type: event.target.value || undefined })}>
            <option value="">All safety items</option>
            {INSPECTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {INSPECTION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        {filters.propertyId ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Showing one property{oneProperty ? `: ${oneProperty}` : ''}.{' '}
            <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => update({ propertyId: undefined })}>
              Show every property
            </button>
          </p>
        ) : null}
      </div>

      {list.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading requirements...</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError && !list.data ? (
        <LoadError message="Failed to load the requirements. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : entries.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={FilterX}
            title="No requirements match"
            action={
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                Clear filters
              </Button>
            }
          >
            Try other words, or clear the filters to see every requirement.
          </EmptyState>
        ) : (
          <EmptyState
            icon={ListChecks}
            title="No requirements yet"
            action={
              <Button asChild variant="outline">
                <Link to="/properties">Go to Properties</Link>
              </Button>
            }
          >
            A property’s requirements come from its safety items. Add properties and their safety items first, then record
            when each was last done here.
          </EmptyState>
        )
      ) : (
        <section aria-labelledby={gridTitleId} className="space-y-3">
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <h2 id={gridTitleId} className="font-medium text-foreground">
              {entries.length < total ? `Showing ${entries.length} of ${total} requirements` : `${total} ${total === 1 ? 'requirement' : 'requirements'}`}
            </h2>
            {list.isFetching && !list.isFetchingNextPage ? <Spinner className="text-primary" /> : null}
          </div>
          <LastDoneGrid entries={entries} today={today} labelledBy={gridTitleId} />
          {list.hasNextPage ? (
            <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-center">
              {/* A failed page is said beside the button, which then tries it again; the rows loaded stay. */}
              {list.isFetchNextPageError && !list.isFetchingNextPage ? (
                <p role="alert" className="text-sm text-red-800">
                  The next requirements could not be loaded. Check your connection and try again.
                </p>
              ) : null}
              <Button variant="outline" data-grid-more onClick={loadMore} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? (
                  <>
                    <Spinner /> Loading...
                  </>
                ) : list.isFetchNextPageError ? (
                  <>
                    <RefreshCw aria-hidden="true" /> Retry
                  </>
                ) : (
                  'Load more requirements'
                )}
              </Button>
            </div>
          ) : null}
        </section>
      )}
    </>
  );
}
