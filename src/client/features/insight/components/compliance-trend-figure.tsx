import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'react-router';
import type { ComplianceTrendResponse } from '@shared/schemas/insight';
import { formatDate } from '@/lib/format-date';
import { insightUrl, useInsight } from '../api/insight-queries';
import { propertiesWithStatus } from '../api/insight-links';
import { fillOf, PatternDefs, STATUS_FILLS, TextLegend } from './chart-patterns';
import { ChartFrame, FigureSection, FigureTable, td, th } from './figure-section';
import { percent, shortDay } from './figure-format';
import { latestKnownWeek } from './figure-numbers';

const SERIES = [
  { key: 'compliant', label: 'Compliant', fill: STATUS_FILLS.good },
  { key: 'pending', label: 'Pending', fill: STATUS_FILLS.waiting },
  { key: 'nonCompliant', label: 'Non-compliant', fill: STATUS_FILLS.bad },
] as const;
const FILLS = SERIES.map((s) => s.fill);

type Week = ComplianceTrendResponse['weeks'][number];

export function ComplianceTrendFigure({ propertyIds, compact }: { propertyIds?: number[]; compact: boolean }) {
  const query = useInsight('compliance-trend', propertyIds);
  const weeks = query.data?.weeks ?? [];
  const now = latestKnownWeek(weeks);

  return (
    <FigureSection
      id="compliance-trend"
      title="Compliance over time"
      description="The share of properties compliant, pending and non-compliant, week by week (weeks start on Monday) for the last 12 months."
      csvUrl={insightUrl('compliance-trend', propertyIds, 'csv')}
      state={query.isPending ? 'pending' : query.isError && !query.data ? 'error' : 'success'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      emptyMessage={now ? undefined : 'No property has a compliance status to chart yet.'}
      chart={
        <div className="space-y-3">
          {now ? (
            <p className="text-sm">
              Week of {formatDate(now.weekStart)}:{' '}
              <Link className="font-medium underline underline-offset-2" to={propertiesWithStatus('compliant', propertyIds)}>
                {now.compliant} of {now.total} compliant ({percent(now.compliant / now.total)})
              </Link>
              {' · '}
              <Link className="font-medium underline underline-offset-2" to={propertiesWithStatus('non_compliant', propertyIds)}>
                {now.nonCompliant} non-compliant
              </Link>
              {' · '}
              {now.pending} pending
            </p>
          ) : null}
          <ChartFrame label="Chart of the share of properties compliant, pending and non-compliant each week. The numbers are in the table.">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={weeks} stackOffset="expand" barCategoryGap={1} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                <PatternDefs scope="compliance" fills={FILLS} />
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="weekStart" tickFormatter={shortDay} interval="preserveStartEnd" minTickGap={compact ? 28 : 16} tick={{ fontSize: 12 }} />
                <YAxis tickFormatter={(v: number) => percent(v)} ticks={[0, 0.5, 1]} tick={{ fontSize: 12 }} width={48} />
                <Tooltip labelFormatter={(day) => `Week of ${formatDate(String(day))}`} />
                {SERIES.map((s, i) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} stackId="status" fill={fillOf('compliance', i)} isAnimationActive={false}>
                    {/* An uncertain week (some property's status then cannot be known) is drawn faded. */}
                    {weeks.map((w) => (
                      <Cell key={w.weekStart} fillOpacity={w.known ? 1 : 0.35} />
                    ))}
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </ChartFrame>
          <TextLegend items={SERIES} />
          {weeks.some((w) => !w.known) ? (
            <p className="text-sm text-muted-foreground">
              Faded weeks are uncertain: some property&apos;s status then could not be worked out from its inspections (before its first one), and it is
              counted as pending. The table marks them.
            </p>
          ) : null}
        </div>
      }
      table={<ComplianceTable weeks={weeks} />}
    />
  );
}

function ComplianceTable({ weeks }: { weeks: readonly Week[] }) {
  // The weeks before the first property was registered would be rows of noughts.
  const first = weeks.findIndex((w) => w.total > 0);
  const counted = first === -1 ? [] : weeks.slice(first);
  return (
    <FigureTable caption="Properties compliant, pending and non-compliant each week, newest first">
      <thead>
        <tr>
          <th scope="col" className={th}>Week of</th>
          <th scope="col" className={th}>Compliant</th>
          <th scope="col" className={th}>Pending</th>
          <th scope="col" className={th}>Non-compliant</th>
          <th scope="col" className={th}>Properties</th>
          <th scope="col" className={th}>Share compliant</th>
        </tr>
      </thead>
      <tbody>
        {[...counted].reverse().map((w) => (
          <tr key={w.weekStart}>
            <th scope="row" className={`${td} font-normal`}>
              {formatDate(w.weekStart)}
              {w.known ? null : <span className="text-muted-foreground"> (uncertain)</span>}
            </th>
            <td className={td}>{w.compliant}</td>
            <td className={td}>{w.pending}</td>
            <td className={td}>{w.nonCompliant}</td>
            <td className={td}>{w.total}</td>
            <td className={td}>{w.total > 0 ? percent(w.compliant / w.total) : '-'}</td>
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}
