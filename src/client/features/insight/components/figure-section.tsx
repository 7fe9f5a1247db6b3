import { useId, useState, type ReactNode } from 'react';
import { Download, Table2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';

interface FigureSectionProps {
  /** The section's anchor (/insight#on-time), the dashboard's key figures link to it. */
  id: string;
  title: string;
  /** One sentence: what the figure counts. */
  description: string;
  csvUrl: string;
  state: 'pending' | 'error' | 'success';
  onRetry: () => void;
  retrying: boolean;
  /** Nothing to draw yet: the sentence that says so replaces the chart and the table. */
  emptyMessage?: string;
  chart?: ReactNode;
  /** The chart's numbers as a table, shown on request (a year of weeks is long on a phone). */
  table?: ReactNode;
  /** Shown whatever the view (the oldest deficiencies, the ranked list). */
  children?: ReactNode;
}

/** One figure of the Insight page: heading, what it counts, the chart, its numbers and its CSV. */
export function FigureSection({ id, title, description, csvUrl, state, onRetry, retrying, emptyMessage, chart, table, children }: FigureSectionProps) {
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);

  return (
    <Card id={id} role="region" aria-labelledby={headingId} className="scroll-mt-20 space-y-4 p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {table && state === 'success' && !emptyMessage ? (
            <Button variant="outline" size="sm" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)}>
              <Table2 aria-hidden="true" />
              {tableShown ? 'Hide table' : 'Show as table'}
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={csvUrl} download aria-label={`Download CSV of ${title}`}>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </div>
      </div>

      {state === 'pending' ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading {title.toLowerCase()}...</span>
          <Skeleton className="h-56 w-full" />
        </div>
      ) : state === 'error' ? (
        <LoadError message={`${title} could not be loaded.`} onRetry={onRetry} retrying={retrying} />
      ) : emptyMessage ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{emptyMessage}</p>
      ) : (
        <>
          {chart}
          {children}
          {table ? (
            <div id={tableId} hidden={!tableShown}>
              {tableShown ? table : null}
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** A chart's box: a picture named for screen readers, who read the table (or the CSV) instead. */
export function ChartFrame({ label, height = 240, children }: { label: string; height?: number; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height }}>
      {children}
    </div>
  );
}

/** The numbers of a figure, scrolling sideways inside its box rather than widening the page. */
export function FigureTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // Focusable, so the keyboard can scroll a table wider than a phone.
    <div role="group" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const th = 'whitespace-nowrap border-b bg-muted/50 px-3 py-2 font-medium';
export const td = 'whitespace-nowrap border-b px-3 py-2 tabular-nums';
/** A cell of words that may wrap (a week's types), so a phone's table is not mostly sideways. */
export const tdWrap = 'min-w-48 border-b px-3 py-2';
