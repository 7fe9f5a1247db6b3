import { INSPECTION_TYPE_LABELS, INSPECTION_TYPES } from '@shared/enums';
import { csvCell } from '@shared/history';
import { DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import type { AttentionResponse, ComplianceTrendResponse, DeficiencyAgeResponse, OnTimeResponse, WorkloadResponse } from '@shared/schemas/insight';

/**
 * Each figure's rows as CSV: a header of plain English column names, then the rows the chart
 * draws. Cells that a spreadsheet would run (= + - @) are kept as text (csvCell).
 */
function csv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map((cell) => csvCell(cell === null ? '' : String(cell))).join(',')).join('\r\n') + '\r\n';
}

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export const insightCsv = {
  'compliance-trend': (r: ComplianceTrendResponse) =>
    csv(
      ['Week starting', 'Compliant', 'Pending', 'Non-compliant', 'Properties', 'Known'],
      r.weeks.map((w) => [w.weekStart, w.compliant, w.pending, w.nonCompliant, w.total, w.known ? 'Yes' : 'No']),
    ),
  'on-time': (r: OnTimeResponse) =>
    csv(
      ['Month', 'Inspections completed', 'Completed on time', 'On-time rate (%)', 'Median days late'],
      r.months.map((m) => [m.month, m.completed, m.onTime, percent(m.rate), m.medianDaysLate]),
    ),
  'deficiency-age': (r: DeficiencyAgeResponse) =>
    csv(
      ['Severity', 'Age (days since found)', 'Open deficiencies'],
      r.bands.map((b) => [DEFICIENCY_SEVERITY_LABELS[b.severity], b.band, b.count]),
    ),
  workload: (r: WorkloadResponse) => {
    const types = INSPECTION_TYPES.filter((t) => r.weeks.some((w) => w.byType[t] !== undefined));
    return csv(
      ['Week starting', ...types.map((t) => INSPECTION_TYPE_LABELS[t]), 'Total'],
      r.weeks.map((w) => [w.weekStart, ...types.map((t) => w.byType[t] ?? 0), w.total]),
    );
  },
  attention: (r: AttentionResponse) =>
    csv(
      ['Rank', 'Property', 'Score', 'Overdue items', 'Open critical deficiencies', 'Items never inspected', 'Days since last inspection', 'Reasons'],
      r.properties.map((p, i) => [
        i + 1,
        p.name,
        p.score,
        p.overdueItems,
        p.criticalDeficiencies,
        p.neverInspectedItems,
        p.daysSinceInspection,
        p.reasons.join('; '),
      ]),
    ),
};
