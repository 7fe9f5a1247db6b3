import { Link } from 'react-router';
import { insightUrl, useInsight } from '../api/insight-queries';
import { propertyPage } from '../api/insight-links';
import { FigureSection } from './figure-section';

export function AttentionFigure({ propertyIds }: { propertyIds?: number[] }) {
  const query = useInsight('attention', propertyIds);
  const properties = query.data?.properties ?? [];

  return (
    <FigureSection
      id="attention"
      title="Needs attention first"
      description="The properties to look at first, each with its reasons. Each overdue item scores 10, each open critical deficiency 8, each item never inspected 5, and each 30 days since the last inspection 1 (at most 12)."
      csvUrl={insightUrl('attention', propertyIds, 'csv')}
      state={query.isPending ? 'pending' : query.isError && !query.data ? 'error' : 'success'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      emptyMessage={properties.length > 0 ? undefined : 'No property needs attention: nothing is overdue, no critical deficiency is open and every item has been inspected.'}
    >
      <ol className="divide-y rounded-lg border" aria-label="Properties, the one needing attention most first">
        {properties.map((p, i) => (
          <li key={p.propertyId} className="flex gap-3 px-3 py-3">
            <span aria-hidden="true" className="w-6 shrink-0 text-right font-semibold tabular-nums text-muted-foreground">
              {i + 1}.
            </span>
            <div className="min-w-0 space-y-1">
              <Link className="break-words font-medium underline underline-offset-2" to={propertyPage(p.propertyId)}>
                {p.name}
              </Link>
              {p.reasons.length > 0 ? (
                <ul className="list-inside list-disc text-sm text-muted-foreground">
                  {p.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </FigureSection>
  );
}
