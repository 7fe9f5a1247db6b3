import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInsight } from '../api/insight-queries';
import { monthLabel, percent } from './figure-format';
import { compliantShareAndChange, countIn } from './figure-numbers';

/** A change in a share, in percentage points: "up 5 points", "down 2 points", "no change". */
function change(now: number, before: number): string {
  const points = Math.round(now * 100) - Math.round(before * 100);
  if (points === 0) return 'no change';
  return `${points > 0 ? 'up' : 'down'} ${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

function KeyFigure({ title, href, value, note }: { title: string; href: string; value: ReactNode; note: ReactNode }) {
  const titleId = useId();
  return (
    // On a phone one row each, the number at the end; on wider screens three cards side by side.
    <Card
      role="group"
      aria-labelledby={titleId}
      className="relative grid grid-cols-[1fr_auto] items-center gap-x-3 px-4 py-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-slate-300 sm:block sm:p-4"
    >
      <p id={titleId} className="text-sm font-medium text-muted-foreground">
        {/* The link's box covers the card: the whole card opens the figure on the Insight page. */}
        <Link to={href} className="after:absolute after:inset-0 after:rounded-xl focus:outline-none">
          {title}
        </Link>
      </p>
      <p className="col-start-2 row-span-2 row-start-1 text-2xl font-bold tracking-tight sm:mt-1">{value}</p>
      <p className="text-sm text-muted-foreground sm:mt-1">{note}</p>
    </Card>
  );
}

/**
 * The dashboard's three key figures from the Insight page (issue 36), each opening its figure
 * there. Plain numbers: the chart library stays in the Insight page's own chunk.
 */
export function InsightKeyFigures() {
  const headingId = useId();
  const trend = useInsight('compliance-trend');
  const onTime = useInsight('on-time');
  const deficiencies = useInsight('deficiency-age');
  const queries = [trend, onTime, deficiencies];

  if (queries.some((q) => q.isError && !q.data)) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Your trends could not be loaded.{' '}
        <button type="button" className="font-medium underline" onClick={() => queries.forEach((q) => q.isError && void q.refetch())}>
          Try again
        </button>
      </p>
    );
  }

  const compliance = trend.data ? compliantShareAndChange(trend.data.weeks) : undefined;
  // The last finished month: this one has only begun.
  const lastMonth = onTime.data?.months.at(-2);
  const bands = deficiencies.data?.bands ?? [];
  const old = countIn(bands, '90+');
  const open = bands.reduce((sum, b) => sum + b.count, 0);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Trends
        </h2>
        <Link to="/insight" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
          See all in Insight
        </Link>
      </div>
      {queries.some((q) => !q.data) ? (
        <div role="status" className="grid gap-2 sm:grid-cols-3 sm:gap-3">
          <span className="sr-only">Loading trends...</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} className="space-y-2 px-4 py-3 sm:space-y-3 sm:p-4">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-7 w-16" />
            </Card>
          ))}
        </div>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3 sm:gap-3">
          <KeyFigure
            title="In compliance now"
            href="/insight#compliance-trend"
            value={compliance ? percent(compliance.share) : '-'}
            note={
              !compliance
                ? 'No compliance status yet'
                : compliance.fourWeeksBefore === undefined
                  ? `${compliance.week.compliant} of ${compliance.week.total} properties`
                  : `${change(compliance.share, compliance.fourWeeksBefore)} on 4 weeks before`
            }
          />
          <KeyFigure
            title="On time last month"
            href="/insight#on-time"
            value={lastMonth?.rate != null ? percent(lastMonth.rate) : '-'}
            note={
              !lastMonth
                ? 'No month finished yet'
                : lastMonth.completed === 0
                  ? `Nothing completed in ${monthLabel(lastMonth.month)}`
                  : `${lastMonth.onTime} of ${lastMonth.completed} completed by the due date in ${monthLabel(lastMonth.month)}`
            }
          />
          <KeyFigure
            title="Deficiencies open over 90 days"
            href="/insight#deficiency-age"
            value={old}
            note={open === 0 ? 'No open deficiencies' : `of ${open} open`}
          />
        </div>
      )}
    </section>
  );
}
