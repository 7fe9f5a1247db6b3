import type { DeficiencySeverity } from '@shared/records';
import type { ComplianceTrendResponse, DEFICIENCY_AGE_BANDS as DEFICIENCY_AGE_BANDS_OF_SCHEMA, DeficiencyAgeResponse } from '@shared/schemas/insight';

/**
 * Numbers read off the figures' answers, shared by the Insight page and the dashboard's key
 * figures; no chart code here, so the dashboard can use them without the chart library.
 */

type Week = ComplianceTrendResponse['weeks'][number];
type AgeBand = (typeof DEFICIENCY_AGE_BANDS_OF_SCHEMA)[number];

/** The schema's bands, in order, without loading the schema (and zod) into the page's first download. */
export const DEFICIENCY_AGE_BANDS = ['0-30', '31-90', '90+'] as const satisfies readonly AgeBand[];

/** The last week whose counts are known and that had properties: where the portfolio stands now. */
export function latestKnownWeek(weeks: readonly Week[]): Week | undefined {
  for (let i = weeks.length - 1; i >= 0; i--) if (weeks[i]!.known && weeks[i]!.total > 0) return weeks[i];
  return undefined;
}

/** The share compliant now and, when known, four weeks before it. */
export function compliantShareAndChange(weeks: readonly Week[]): { week: Week; share: number; fourWeeksBefore: number | undefined } | undefined {
  const now = latestKnownWeek(weeks);
  if (!now) return undefined;
  const before = weeks[weeks.indexOf(now) - 4];
  return {
    week: now,
    share: now.compliant / now.total,
    fourWeeksBefore: before?.known && before.total > 0 ? before.compliant / before.total : undefined,
  };
}

/** How many open deficiencies of a severity (or of every one) are in an age band. */
export function countIn(bands: DeficiencyAgeResponse['bands'], band: AgeBand, severity?: DeficiencySeverity): number {
  return bands.filter((b) => b.band === band && (!severity || b.severity === severity)).reduce((sum, b) => sum + b.count, 0);
}

export const BAND_LABELS: Record<AgeBand, string> = { '0-30': '0-30 days', '31-90': '31-90 days', '90+': 'Over 90 days' };
