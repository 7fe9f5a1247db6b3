import { formatDisplayDate } from '@shared/dates';

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

// Building a formatter costs far more than using one, and a list formats dozens of dates.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(kind: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${kind}|${accountTimeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-US', { timeZone: accountTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', { timeZone: accountTimeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    formats.set(key, format);
  }
  return format;
}

function toInstant(value: string | Date | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A calendar date ("2024-03-05") as written; an instant as its day in the account's zone. "Mar 05, 2024". */
export function formatDate(value: string | Date | number | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDisplayDate(value);
  const date = toInstant(value);
  if (!date) return '';
  const parts = formatIn('day').formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return formatDisplayDate(`${part('year')}-${part('month')}-${part('day')}`);
}

/** An instant with its time and the zone named: "Mar 05, 2024, 3:04 PM EST". */
export function formatDateTime(value: string | Date | number | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toInstant(value);
  if (!date) return '';
  const time = formatIn('time').format(date);
  return `${formatDate(date)}, ${time}`;
}
