/**
 * How often a requirement recurs, stored as months (years included) or days (weeks included),
 * and how the forms and reports put it in words. No zod here, so screens that only show an
 * interval do not download the schemas.
 */

export const INTERVAL_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export interface Interval {
  intervalMonths: number | null;
  intervalDays: number | null;
}

/** "Every 3 months", "Every year", "Every 6 years", "Every 2 weeks". */
export function intervalLabel({ intervalMonths, intervalDays }: Interval): string {
  const every = (n: number, unit: string) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`);
  if (intervalMonths != null) return intervalMonths % 12 === 0 ? every(intervalMonths / 12, 'year') : every(intervalMonths, 'month');
  if (intervalDays != null) return intervalDays % 7 === 0 ? every(intervalDays / 7, 'week') : every(intervalDays, 'day');
  return '';
}

/** An interval as the form shows it: the largest unit that divides it. */
export function intervalParts({ intervalMonths, intervalDays }: Interval): { intervalCount: number; intervalUnit: IntervalUnit } {
  if (intervalMonths != null) {
    return intervalMonths % 12 === 0 ? { intervalCount: intervalMonths / 12, intervalUnit: 'years' } : { intervalCount: intervalMonths, intervalUnit: 'months' };
  }
  const days = intervalDays ?? 30;
  return days % 7 === 0 ? { intervalCount: days / 7, intervalUnit: 'weeks' } : { intervalCount: days, intervalUnit: 'days' };
}

/** The form's count and unit as stored: months (years included) or days (weeks included). */
export function toInterval(count: number, unit: IntervalUnit): Interval {
  if (unit === 'years') return { intervalMonths: count * 12, intervalDays: null };
  if (unit === 'months') return { intervalMonths: count, intervalDays: null };
  return { intervalMonths: null, intervalDays: unit === 'weeks' ? count * 7 : count };
}

/**
 * How many days an interval counts for when it is held against the code's (below the code
 * minimum): a month counts as the calendar's average month, 365.2425 / 12 days. An interval in
 * days or weeks is then below a monthly code interval when, on average, it comes due later:
 * every 13 weeks (91 days) is not below a quarterly one (91.3 days), every 14 weeks is, and every
 * 53 weeks or 366 days is below a yearly one (365.2 days).
 */
export const AVERAGE_MONTH_DAYS = 365.2425 / 12;
export function intervalLengthDays({ intervalMonths, intervalDays }: Interval): number {
  return intervalMonths != null ? intervalMonths * AVERAGE_MONTH_DAYS : (intervalDays ?? 0);
}
