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
 * How many days an interval counts for when two are compared: a month counts as 31 days, as the
 * schedule already orders intervals (the "longest interval" an inspection naming no requirement
 * counts for), so every 31 days is not longer than every month and every 5 weeks is.
 */
export const MONTH_AS_DAYS = 31;
export function intervalLengthDays({ intervalMonths, intervalDays }: Interval): number {
  return intervalMonths != null ? intervalMonths * MONTH_AS_DAYS : (intervalDays ?? 0);
}
