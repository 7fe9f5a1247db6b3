import { useId } from 'react';
import { Link } from 'react-router';
import { CircleCheck, FilterX } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { useUrlParams } from '@/lib/use-url-params';
import { ChosenPropertiesNote } from '@/components/chosen-properties-note';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { deficiencyFiltersFromUrl, useDeficiencyList } from '../api/deficiency-list-query';
import { DeficiencyFilters } from '../components/deficiency-filters';
import { DeficiencyCards, DeficiencyTable } from '../components/deficiency-rows';

const NOUN = { open: 'open deficiency', corrected: 'corrected deficiency', all: 'deficiency' } as const;
const NOUNS = { open: 'open deficiencies', corrected: 'corrected deficiencies', all: 'deficiencies' } as const;

/**
 * Issue 36, "its figures linking to the list they count": every deficiency of the properties
 * the member reaches, open ones oldest first, in the Insight figure's age bands.
 */
export default function DeficienciesPage() {
  useDocumentTitle('Deficiencies');
  const resultsId = useId();
  const wide = useMediaQuery(MD_UP);
  const { params, update, setParams } = useUrlParams();
  const filters = deficiencyFiltersFromUrl(params);
  const filtered = Boolean(filters.severity || filters.age || filters.propertyId || filters.propertyIds || filters.status !== 'open');
  const list = useDeficiencyList(filters);
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const count = (n: number) => `${n} ${n === 1 ? NOUN[filters.status] : NOUNS[filters.status]}`;

  return (
    <>
      <PageHeader
        title="Deficiencies"
        description="What inspections found wrong across your properties, the oldest open ones first. Open a property to correct one."
      />
      <DeficiencyFilters filters={filters} onChange={update} />
      {filters.propertyId ? (
        <p className="mb-4 text-sm text-muted-foreground">
          Showing one property{rows[0] ? `: ${rows[0].propertyName}` : ''}.{' '}
          <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => update({ propertyId: undefined })}>
            Show every property
          </button>
        </p>
      ) : null}
      {filters.propertyIds ? (
        <ChosenPropertiesNote count={filters.propertyIds.split(',').length} of={NOUNS[filters.status]} onShowAll={() => update({ propertyIds: undefined })} />
      ) : null}

      {list.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading deficiencies...</span>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : list.isError && !list.data ? (
        <LoadError message="Failed to load the deficiencies. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={FilterX}
            title="No deficiencies match"
            action={
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                Clear filters
              </Button>
            }
          >
            None of the deficiencies of your properties has this status, severity and age. Clear the filters to see every open one.
          </EmptyState>
        ) : (
          <EmptyState
            icon={CircleCheck}
            title="No open deficiencies."
            action={
              <Button asChild variant="outline">
                <Link to="/deficiencies?status=corrected">See corrected deficiencies</Link>
              </Button>
            }
          >
            Every deficiency an inspection found on your properties has been corrected, or none has been found yet.
          </EmptyState>
        )
      ) : (
        <section aria-labelledby={resultsId} className="space-y-4">
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <h2 id={resultsId} className="font-medium text-foreground">
              {rows.length < total ? `Showing ${rows.length} of ${count(total)}` : count(total)}
            </h2>
            {list.isFetching && !list.isFetchingNextPage ? <Spinner className="text-primary" /> : null}
          </div>
          {wide ? (
            <DeficiencyTable deficiencies={rows} labelledBy={resultsId} showCorrected={filters.status !== 'open'} />
          ) : (
            <DeficiencyCards deficiencies={rows} labelledBy={resultsId} />
          )}
          {list.hasNextPage ? (
            <div className="flex flex-col items-center gap-2">
              {list.isFetchNextPageError && !list.isFetchingNextPage ? (
                <p role="alert" className="text-sm text-red-800">
                  The next deficiencies could not be loaded. Check your connection and try again.
                </p>
              ) : null}
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? (
                  <>
                    <Spinner /> Loading...
                  </>
                ) : (
                  'Load more deficiencies'
                )}
              </Button>
            </div>
          ) : null}
        </section>
      )}
    </>
  );
}
