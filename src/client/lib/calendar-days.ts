/** A calendar date ("YYYY-MM-DD") as a local Date at midnight, for date pickers; never shifted by a zone. */
export function dateFromCalendarDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The calendar date ("YYYY-MM-DD") a date picker's local Date stands for. */
export function calendarDayFromDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The first and last calendar dates of the month a date falls in. */
export function monthRange(date: Date): { from: string; to: string } {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  return { from: calendarDayFromDate(first), to: calendarDayFromDate(last) };
}
