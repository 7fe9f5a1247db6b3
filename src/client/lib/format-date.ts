import { dayInTimeZone, formatDisplayDate } from '@shared/dates';

/**
 * Every date and time on screen, in the account's time zone (Settings), never the browser's:
 * "today" is the account's, so a completion or a report time must read on the same calendar.
 * The auth provider sets the zone when the account loads or changes; until then, UTC.
 */
let accountTimeZone = 'UTC';

export function setDisplayTimeZone(timeZone: string | undefined): void {
  accountTimeZone = timeZone || 'UTC';
}

export function displayTimeZone(): string {
  return accountTimeZone;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Building a formatter costs far more than using one, and a list shows dozens of times.
let timeFormat: { timeZone: string; format: Intl.DateTimeFormat } | undefined;
function timeIn(timeZone: string): Intl.DateTimeFormat {
  if (timeFormat?.timeZone !== timeZone) {
    timeFormat = { timeZone, format: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }) };
  }
  return timeFormat.format;
}

function toInstant(value: string | Date | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A calendar date ("2024-03-05") as written; an instant as its day in the account's zone. "Mar 5, 2024". */
export function formatDate(value: string | Date | number | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDisplayDate(value);
  const date = toInstant(value);
  if (!date) return '';
  return formatDisplayDate(dayInTimeZone(date, accountTimeZone));
}

/** An instant with its time and the zone named: "Mar 5, 2024, 3:04 PM EST". */
export function formatDateTime(value: string | Date | number | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toInstant(value);
  if (!date) return '';
  const time = timeIn(accountTimeZone).format(date);
  return `${formatDate(date)}, ${time}`;
}
