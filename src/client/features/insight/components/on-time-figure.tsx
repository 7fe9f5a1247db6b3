import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'react-router';
import type { OnTimeResponse } from '@shared/schemas/insight';
import { insightUrl, useInsight } from '../api/insight-queries';
import { completedInMonth } from '../api/insight-links';
import { fillOf, PatternDefs, STATUS_FILLS, TextLegend } from './chart-patterns';
import { ChartFrame, FigureSection, FigureTable, td, th } from './figure-section';
import { monthLabel, percent, plural, shortMonth } from './figure-format';

type Month = OnTimeResponse['months'][number];
const FILL = STATUS_FILLS.good;

export function OnTimeFigure({ propertyIds, compact }: { propertyIds?: number[]; compact: boolean }) {
  const query = useInsight('on-time', propertyIds);
  const months = query.data?.months ?? [];
  const anyCompleted = months.some((m) => m.completed > 0);

  return (
    <FigureSection
      id="on-time"
      title="On-time rate"
      description="Of the inspections completed each month, the share completed by their due date; the table gives the median days late of those that were not."
      csvUrl={insightUrl('on-time', propertyIds, 'csv')}
      state={query.isPending ? 'pending' : query.isError && !query.data ? 'error' : 'success'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      emptyMessage={anyCompleted ? undefined : 'No inspections completed in the last 12 months yet.'}
      chart={
        <div className="space-y-3">
          <ChartFrame label="Bar chart of the share of inspections completed on time each month. The numbers are in the table.">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={months.map((m) => ({ month: m.month, rate: m.rate }))} accessibilityLayer={false} margin={{ top: 20, right: 4, bottom: 0, left: 0 }}>
                <PatternDefs scope="on-time" fills={[FILL]} />
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="month" tickFormatter={shortMonth} interval={compact ? 1 : 0} tick={{ fontSize: 12 }} />
                <YAxis domain={[0, 1]} ticks={[0, 0.5, 1]} tickFormatter={(v: number) => percent(v)} tick={{ fontSize: 12 }} width={48} />
                <Tooltip labelFormatter={(month) => monthLabel(String(month))} formatter={(v) => (typeof v === 'number' ? percent(v) : 'Nothing completed')} />
                <Bar dataKey="rate" name="Completed on time" fill={fillOf('on-time', 0)} isAnimationActive={false}>
                  {/* The value on each bar, so the chart reads without the axis. */}
                  <LabelList dataKey="rate" position="top" fontSize={compact ? 9 : 11} fill="#334155" formatter={(v: unknown) => (typeof v === 'number' ? percent(v) : '')} />
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </ChartFrame>
          <TextLegend items={[{ label: 'Completed by the due date (share of those completed that month)', fill: FILL }]} />
        </div>
      }
      table={<OnTimeTable months={months} propertyIds={propertyIds} />}
    />
  );
}

function OnTimeTable({ months, propertyIds }: { months: readonly Month[]; propertyIds?: readonly number[] }) {
  return (
    <FigureTable caption="Inspections completed and on time each month, newest first">
      <thead>
        <tr>
          <th scope="col" className={th}>Month</th>
          <th scope="col" className={th}>Completed</th>
          <th scope="col" className={th}>On time</th>
          <th scope="col" className={th}>On-time rate</th>
          <th scope="col" className={th}>Median days late</th>
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((m) => (
          <tr key={m.month}>
            <th scope="row" className={`${td} font-normal`}>{monthLabel(m.month)}</th>
            <td className={td}>
              {m.completed > 0 ? (
                <Link className="underline underline-offset-2" to={completedInMonth(m.month, propertyIds)} aria-label={`${plural(m.completed, 'inspection', 'inspections')} completed in ${monthLabel(m.month)}`}>
                  {m.completed}
                </Link>
              ) : (
                0
              )}
            </td>
            <td className={td}>{m.onTime}</td>
            <td className={td}>{m.rate === null ? '-' : percent(m.rate)}</td>
            <td className={td}>{m.medianDaysLate === null ? '-' : m.medianDaysLate}</td>
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}
