import { DEFICIENCY_AGE_BANDS } from '@shared/schemas/insight';
import { DEFICIENCY_SEVERITIES } from '@shared/records';

/**
 * The figures of the monthly portfolio summary (docs/insight.md "Monthly summary"): one month
 * and the month before it, so each can be told as a change. Plain data: it crosses to the
 * PDF-drawing thread as it is.
 */
export interface ComplianceAtMonthEnd {
  compliant: number;
  pending: number;
  nonCompliant: number;
  total: number;
  /** Properties registered by then whose status then cannot be known (counted as pending). */
  unknown: number;
}

export interface OnTimeInMonth {
  completed: number;
  onTime: number;
  /** Median days late of those completed after their due date; null when none was late. */
  medianDaysLate: number | null;
}

export interface MonthFigures {
  /** YYYY-MM */
  month: string;
  /** Status counts on the month's last day; null when none of them can be known (docs/insight.md). */
  compliance: ComplianceAtMonthEnd | null;
  onTime: OnTimeInMonth;
  deficienciesOpened: number;
  deficienciesClosed: number;
  /** Deficiencies not corrected at the month's end. */
  deficienciesOpen: number;
  /** Inspections past their due date and not completed at the month's end. */
  overdue: number;
}

export type Severity = (typeof DEFICIENCY_SEVERITIES)[number];
export type AgeBand = (typeof DEFICIENCY_AGE_BANDS)[number];

export interface MonthlySummaryFigures {
  current: MonthFigures;
  previous: MonthFigures;
  /** Deficiencies open at the current month's end, by severity and age then. */
  openBySeverity: { severity: Severity; band: AgeBand; count: number }[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "October 2026" */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTHS[number! - 1]} ${year}`;
}

/** "September" alone when both months are of one year, else "December 2025". */
function shortLabel(month: string, other: string): string {
  return month.slice(0, 4) === other.slice(0, 4) ? MONTHS[Number(month.slice(5)) - 1]! : monthLabel(month);
}

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** "rose from 4 to 6" / "fell from 6 to 4" / "stayed at 4". */
function moved(before: number, after: number): string {
  if (before === after) return `stayed at ${after}`;
  return `${after > before ? 'rose' : 'fell'} from ${before} to ${after}`;
}

/** Up or down by the share when the counts' wholes differ; by the count itself when they do not. */
function direction(before: { part: number; whole: number }, after: { part: number; whole: number }): 'rose' | 'fell' | null {
  const difference = before.whole === after.whole ? after.part - before.part : after.part / after.whole - before.part / before.whole;
  return difference > 0 ? 'rose' : difference < 0 ? 'fell' : null;
}

/**
 * Each change in a sentence, the headline figures of the mail and of the PDF's first page:
 * "Compliant properties rose from 31 of 40 to 35 of 40."
 */
export function summarySentences(figures: MonthlySummaryFigures): string[] {
  const { current, previous } = figures;
  const now = monthLabel(current.month);
  const then = shortLabel(previous.month, current.month);
  const thisMonth = shortLabel(current.month, previous.month);
  const sentences: string[] = [];

  const c = current.compliance;
  const p = previous.compliance;
  if (c && c.total === 0) {
    sentences.push(`No properties were counted at the end of ${now}.`);
  } else if (c && p && p.total > 0) {
    const verb = direction({ part: p.compliant, whole: p.total }, { part: c.compliant, whole: c.total });
    const share = (x: ComplianceAtMonthEnd) => `${percent(x.compliant, x.total)} (${x.compliant} of ${x.total})`;
    if (c.total !== p.total) {
      // Properties were added or removed: the share is what compares, the counts are what a reader checks.
      sentences.push(verb ? `The share of properties compliant ${verb} from ${share(p)} to ${share(c)}.` : `The share of properties compliant stayed at ${share(c)}.`);
    } else {
      sentences.push(
        verb ? `Compliant properties ${verb} from ${p.compliant} of ${p.total} to ${c.compliant} of ${c.total}.` : `Compliant properties stayed at ${c.compliant} of ${c.total}.`,
      );
    }
  } else if (c) {
    sentences.push(`${c.compliant} of ${plural(c.total, 'property', 'properties')} ${c.compliant === 1 ? 'was' : 'were'} compliant at the end of ${now}.`);
  } else {
    sentences.push(`Firemark has no record of the properties' status at the end of ${now}.`);
  }

  const ct = current.onTime;
  const pt = previous.onTime;
  const onTime = (t: OnTimeInMonth) => `${percent(t.onTime, t.completed)} (${t.onTime} of ${t.completed})`;
  if (ct.completed === 0) {
    sentences.push(`No inspections were completed in ${thisMonth}${pt.completed === 0 ? '' : `; in ${then} ${onTime(pt)} were on time`}.`);
  } else if (pt.completed === 0) {
    sentences.push(`${onTime(ct)} of the inspections completed in ${thisMonth} were on time; none was completed in ${then}.`);
  } else {
    const verb = direction({ part: pt.onTime, whole: pt.completed }, { part: ct.onTime, whole: ct.completed });
    sentences.push(
      verb
        ? `Inspections completed on time ${verb} from ${onTime(pt)} in ${then} to ${onTime(ct)} in ${thisMonth}.`
        : `Inspections completed on time stayed at ${percent(ct.onTime, ct.completed)}: ${ct.onTime} of ${ct.completed} in ${thisMonth}, ${pt.onTime} of ${pt.completed} in ${then}.`,
    );
  }
  if (ct.medianDaysLate !== null) sentences.push(`Those completed late in ${thisMonth} were a median of ${plural(ct.medianDaysLate, 'day', 'days')} late.`);

  sentences.push(
    `${plural(current.deficienciesOpened, 'deficiency was', 'deficiencies were')} found and ${current.deficienciesClosed} corrected in ${thisMonth}, against ${previous.deficienciesOpened} found and ${previous.deficienciesClosed} corrected in ${then}.`,
  );
  sentences.push(`Open deficiencies ${moved(previous.deficienciesOpen, current.deficienciesOpen)}.`);
  sentences.push(`Overdue inspections ${moved(previous.overdue, current.overdue)}.`);
  return sentences;
}

export const SEVERITY_ORDER = DEFICIENCY_SEVERITIES;
