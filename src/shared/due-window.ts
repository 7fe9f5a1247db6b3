import { formatDisplayDate } from './dates';

/**
 * A requirement whose code gives a window (NFPA 25's quarterly 2 to 4 months, annual 9 to 15
 * months, as the library's windows.ts cites) is due by the day its window closes (nextDueDate,
 * overdue after it); the nominal day is the last one done plus the interval
 * (docs/decisions/037-due-windows.md).
 */
export type DueWindowDates = { nextDueDate: string; windowOpensOn: string | null; nominalDueDate: string | null };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Mar 2027": the nominal day is a month to aim for, not a deadline. */
export function formatMonthYear(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

/** "Feb 1 to Apr 1, 2027", or "Nov 15, 2026 to Feb 15, 2027" across a year's end. */
export function windowRangeText(opensOn: string, closesOn: string): string {
  const close = formatDisplayDate(closesOn);
  const open = formatDisplayDate(opensOn);
  return opensOn.slice(0, 4) === closesOn.slice(0, 4) ? `${open.replace(/, \d+$/, '')} to ${close}` : `${open} to ${close}`;
}

/** "Mar 2027 (window Feb 1 to Apr 1, 2027)", under a "Next due" label; null for a requirement due on one day. */
export function dueWindowPhrase(d: DueWindowDates): string | null {
  if (!d.windowOpensOn) return null;
  const range = windowRangeText(d.windowOpensOn, d.nextDueDate);
  return d.nominalDueDate ? `${formatMonthYear(d.nominalDueDate)} (window ${range})` : `within the window ${range}`;
}

/** "Due Mar 2027 (window Feb 1 to Apr 1, 2027)"; null for a requirement due on one day. */
export function dueWindowText(d: DueWindowDates): string | null {
  const phrase = dueWindowPhrase(d);
  return phrase ? `Due ${phrase}` : null;
}

/** In a due list: as dueWindowText, or once the window has closed "Was due by Apr 1, 2027 (window Feb 1 to Apr 1, 2027)". */
export function dueListWindowText(d: DueWindowDates, overdue: boolean): string | null {
  if (!d.windowOpensOn) return null;
  return overdue ? `Was due by ${formatDisplayDate(d.nextDueDate)} (window ${windowRangeText(d.windowOpensOn, d.nextDueDate)})` : dueWindowText(d);
}
