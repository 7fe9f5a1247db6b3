import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis, type LabelProps } from 'recharts';
import { Link } from 'react-router';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { WorkloadResponse } from '@shared/schemas/insight';
import { formatDate } from '@/lib/format-date';
import { insightUrl, useInsight } from '../api/insight-queries';
import { dueInWeek } from '../api/insight-links';
import { fillOf, PatternDefs, SERIES_FILLS, TextLegend } from './chart-patterns';
import { ChartFrame, FigureSection, FigureTable, td, tdWrap, th } from './figure-section';
import { plural, shortDay } from './figure-format';

type Week = WorkloadResponse['weeks'][number];
const OTHERS = 'others';

/**
 * The types the chart draws apart, most due first; beyond as many as there are fills less one,
 * the rest share one bar segment ("Other types"), so no two segments look alike.
 */
function chartedTypes(weeks: readonly Week[]): { shown: InspectionType[]; grouped: boolean } {
  const totals = new Map<InspectionType, number>();
  for (const week of weeks) {
    for (const [type, count] of Object.entries(week.byType) as [InspectionType, number][]) totals.set(type, (totals.get(type) ?? 0) + count);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([type]) => type);
  if (ranked.length <= SERIES_FILLS.length) return { shown: ranked, grouped: false };
  return { shown: ranked.slice(0, SERIES_FILLS.length - 1), grouped: true };
}

/**
 * The week's total above its bar, drawn by the highest segment that has anything (a segment of
 * nothing draws no label), so every bar's total shows once.
 */
function totalAboveBar(seriesIndex: number, topSeries: readonly number[]) {
  return function TotalLabel(props: LabelProps) {
    const { index, value } = props;
    const box = props.viewBox as { x?: number; y?: number; width?: number } | undefined;
    if (index === undefined || topSeries[index] !== seriesIndex || !box) return null;
    return (
      <text x={(box.x ?? 0) + (box.width ?? 0) / 2} y={(box.y ?? 0) - 4} textAnchor="middle" fontSize={11} fill="#334155">
        {value}
      </text>
    );
  };
}

export function WorkloadFigure({ propertyIds, compact }: { propertyIds?: number[]; compact: boolean }) {
  const query = useInsight('workload', propertyIds);
  const weeks = query.data?.weeks ?? [];
  const { shown, grouped } = chartedTypes(weeks);
  const series = [
    ...shown.map((type) => ({ key: type as string, label: INSPECTION_TYPE_LABELS[type] })),
    ...(grouped ? [{ key: OTHERS, label: 'Other types' }] : []),
  ].map((s, i) => ({ ...s, fill: SERIES_FILLS[i]! }));
  const rows = weeks.map((week) => {
    const row: Record<string, string | number> = { weekStart: week.weekStart, total: week.total };
    for (const type of shown) row[type] = week.byType[type] ?? 0;
    if (grouped) row[OTHERS] = week.total - shown.reduce((sum, type) => sum + (week.byType[type] ?? 0), 0);
    return row;
  });
  const topSeries = rows.map((row) => series.reduce((top, s, i) => (Number(row[s.key]) > 0 ? i : top), -1));

  return (
    <FigureSection
      id="workload"
      title="Workload ahead"
      description="What falls due each week (from Monday) for the next 12 weeks, by type of safety item."
      csvUrl={insightUrl('workload', propertyIds, 'csv')}
      state={query.isPending ? 'pending' : query.isError && !query.data ? 'error' : 'success'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      emptyMessage={weeks.some((w) => w.total > 0) ? undefined : 'Nothing falls due in the next 12 weeks.'}
      chart={
        <div className="space-y-3">
          <ChartFrame label="Stacked bar chart of what falls due each week by type of safety item. The numbers are in the table.">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} accessibilityLayer={false} margin={{ top: 20, right: 4, bottom: 0, left: -8 }}>
                <PatternDefs scope="workload" fills={series.map((s) => s.fill)} />
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="weekStart" tickFormatter={shortDay} interval={compact ? 2 : 0} tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                <Tooltip labelFormatter={(day) => `Week of ${formatDate(String(day))}`} />
                {series.map((s, i) => (
                  <Bar key={s.key} dataKey={s.key} name={s.label} stackId="types" fill={fillOf('workload', i)} isAnimationActive={false}>
                    <LabelList dataKey="total" content={totalAboveBar(i, topSeries)} />
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </ChartFrame>
          <TextLegend items={series} />
        </div>
      }
      table={<WorkloadTable weeks={weeks} propertyIds={propertyIds} />}
    />
  );
}

function WorkloadTable({ weeks, propertyIds }: { weeks: readonly Week[]; propertyIds?: readonly number[] }) {
  return (
    <FigureTable caption="What falls due each week, by type of safety item">
      <thead>
        <tr>
          <th scope="col" className={th}>Week of</th>
          <th scope="col" className={th}>Due</th>
          <th scope="col" className={th}>By type</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => {
          const types = (Object.entries(w.byType) as [InspectionType, number][]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
          return (
            <tr key={w.weekStart}>
              <th scope="row" className={`${td} font-normal`}>{formatDate(w.weekStart)}</th>
              <td className={td}>
                {w.total > 0 ? (
                  <Link className="underline underline-offset-2" to={dueInWeek(w.weekStart, undefined, propertyIds)} aria-label={`${plural(w.total, 'item', 'items')} due in the week of ${formatDate(w.weekStart)}`}>
                    {w.total}
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td className={tdWrap}>
                {types.length === 0
                  ? '-'
                  : types.map(([type, n], i) => (
                      <span key={type}>
                        {i > 0 ? ', ' : null}
                        <Link className="underline underline-offset-2" to={dueInWeek(w.weekStart, type, propertyIds)}>
                          {INSPECTION_TYPE_LABELS[type]} {n}
                        </Link>
                      </span>
                    ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </FigureTable>
  );
}
