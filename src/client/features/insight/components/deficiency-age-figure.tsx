import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'react-router';
import { DEFICIENCY_SEVERITIES, DEFICIENCY_SEVERITY_LABELS, type DeficiencySeverity } from '@shared/records';
import type { DeficiencyAgeResponse } from '@shared/schemas/insight';
import { formatDate } from '@/lib/format-date';
import { insightUrl, useInsight } from '../api/insight-queries';
import { openDeficiencies, propertyDeficiencies } from '../api/insight-links';
import { fillOf, PatternDefs, STATUS_FILLS, TextLegend, type SeriesFill } from './chart-patterns';
import { ChartFrame, FigureSection, FigureTable, td, th } from './figure-section';
import { plural } from './figure-format';
import { BAND_LABELS, countIn, DEFICIENCY_AGE_BANDS } from './figure-numbers';

const SEVERITY_FILLS: Record<DeficiencySeverity, SeriesFill> = {
  critical: STATUS_FILLS.bad,
  impairment: STATUS_FILLS.waiting,
  non_critical: { color: '#475569', pattern: 'dots' },
};
const FILLS = DEFICIENCY_SEVERITIES.map((s) => SEVERITY_FILLS[s]);

type Answer = DeficiencyAgeResponse;

export function DeficiencyAgeFigure({ propertyIds }: { propertyIds?: number[] }) {
  const query = useInsight('deficiency-age', propertyIds);
  const bands = query.data?.bands ?? [];
  const oldest = query.data?.oldest ?? [];
  const open = bands.reduce((sum, b) => sum + b.count, 0);
  const rows = DEFICIENCY_AGE_BANDS.map((band) => ({
    band: BAND_LABELS[band],
    ...Object.fromEntries(DEFICIENCY_SEVERITIES.map((s) => [s, countIn(bands, band, s)])),
  }));

  return (
    <FigureSection
      id="deficiency-age"
      title="Open deficiencies by age"
      description="Deficiencies not corrected yet, by severity and by how long ago they were found, with the oldest listed."
      csvUrl={insightUrl('deficiency-age', propertyIds, 'csv')}
      state={query.isPending ? 'pending' : query.isError && !query.data ? 'error' : 'success'}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      emptyMessage={open > 0 ? undefined : 'No open deficiencies: every one found has been corrected.'}
      chart={
        <div className="space-y-3">
          <p className="text-sm">
            <Link className="underline underline-offset-2" to={openDeficiencies({ propertyIds })}>
              {plural(open, 'open deficiency', 'open deficiencies')}
            </Link>
          </p>
          <ChartFrame label="Grouped bar chart of open deficiencies by severity in each age band. The numbers are in the table.">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} accessibilityLayer={false} margin={{ top: 20, right: 4, bottom: 0, left: -8 }}>
                <PatternDefs scope="deficiency-age" fills={FILLS} />
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="band" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                <Tooltip />
                {DEFICIENCY_SEVERITIES.map((s, i) => (
                  <Bar key={s} dataKey={s} name={DEFICIENCY_SEVERITY_LABELS[s]} fill={fillOf('deficiency-age', i)} isAnimationActive={false}>
                    <LabelList dataKey={s} position="top" fontSize={11} fill="#334155" />
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </ChartFrame>
          <TextLegend items={DEFICIENCY_SEVERITIES.map((s) => ({ label: DEFICIENCY_SEVERITY_LABELS[s], fill: SEVERITY_FILLS[s] }))} />
        </div>
      }
      table={<AgeTable bands={bands} propertyIds={propertyIds} />}
    >
      <OldestList oldest={oldest} />
    </FigureSection>
  );
}

const severityTotal = (bands: Answer['bands'], severity: DeficiencySeverity) => bands.filter((b) => b.severity === severity).reduce((sum, b) => sum + b.count, 0);

/** A count, linked to the list of the deficiencies it counts (a zero to nothing). */
function CountLink({ count, to, label }: { count: number; to: string; label: string }) {
  if (count === 0) return <>0</>;
  return (
    <Link className="underline underline-offset-2" to={to} aria-label={label}>
      {count}
    </Link>
  );
}

function AgeTable({ bands, propertyIds }: { bands: Answer['bands']; propertyIds?: readonly number[] }) {
  return (
    <FigureTable caption="Open deficiencies by severity and age">
      <thead>
        <tr>
          <th scope="col" className={th}>Severity</th>
          {DEFICIENCY_AGE_BANDS.map((band) => (
            <th key={band} scope="col" className={th}>{BAND_LABELS[band]}</th>
          ))}
          <th scope="col" className={th}>Total</th>
        </tr>
      </thead>
      <tbody>
        {DEFICIENCY_SEVERITIES.map((s) => (
          <tr key={s}>
            <th scope="row" className={`${td} font-normal`}>{DEFICIENCY_SEVERITY_LABELS[s]}</th>
            {DEFICIENCY_AGE_BANDS.map((band) => (
              <td key={band} className={td}>
                <CountLink
                  count={countIn(bands, band, s)}
                  to={openDeficiencies({ severity: s, age: band, propertyIds })}
                  label={`${plural(countIn(bands, band, s), 'open deficiency', 'open deficiencies')}, ${DEFICIENCY_SEVERITY_LABELS[s].toLowerCase()}, ${BAND_LABELS[band].toLowerCase()}`}
                />
              </td>
            ))}
            <td className={td}>
              <CountLink
                count={severityTotal(bands, s)}
                to={openDeficiencies({ severity: s, propertyIds })}
                label={`${plural(severityTotal(bands, s), 'open deficiency', 'open deficiencies')}, ${DEFICIENCY_SEVERITY_LABELS[s].toLowerCase()}, every age`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </FigureTable>
  );
}

function OldestList({ oldest }: { oldest: Answer['oldest'] }) {
  if (oldest.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Oldest open deficiencies</h3>
      <ol className="divide-y rounded-lg border text-sm">
        {oldest.map((d) => (
          <li key={d.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
            <span className="shrink-0 font-medium tabular-nums">{plural(d.ageDays, 'day', 'days')}</span>
            <span className="min-w-0 break-words">
              <Link className="font-medium underline underline-offset-2" to={propertyDeficiencies(d.propertyId)}>
                {d.propertyName}
              </Link>
              {': '}
              {DEFICIENCY_SEVERITY_LABELS[d.severity]}, {d.description}
              <span className="text-muted-foreground"> (found {formatDate(d.foundOn)})</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
