const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// Every displayed date reads like "Mar 5, 2024" (DECISIONS, "Dates and time": SPEC's zero-padded
// day reads as a typo). Written out rather than with date-fns' format, which every page would
// otherwise download.
const displayDay = (year: number, month: number, day: number) => `${MONTHS[month - 1]} ${day}, ${String(year).padStart(4, '0')}`;

/**
 * Formats a calendar date ("2024-03-05") or a timestamp for display. Calendar dates are
 * read as written, never shifted by the viewer's time zone.
 */
export function formatDisplayDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    if (m < 1 || m > 12) return '';
    return displayDay(y, m, d);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return displayDay(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs about forty times more than using one; there are few zones. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. Built before it is kept: an unknown zone throws and is not kept.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Each zone's last answer, by the second it was for: the server asks for "today" on most requests. */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * The calendar date ("YYYY-MM-DD") an instant falls on in an IANA time zone. Every zone's
 * offset is a whole number of seconds, so instants within one second fall on one day.
 */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const day = dayFormat(timeZone).format(instant);
  lastDays.set(timeZone, { second, day });
  return day;
}

/** Today's calendar date ("YYYY-MM-DD") in an IANA time zone. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  return dayInTimeZone(now, timeZone);
}

/**
 * Noon of a calendar day in a time zone, as an instant: a completion recorded for a past day
 * reads as that day wherever it is shown in that zone (noon UTC is already tomorrow in
 * UTC+13 and UTC+14).
 */
export function noonInTimeZone(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T12:00:00Z`);
  return new Date(guess - zoneOffsetAt(guess, timeZone));
}

/** A time zone's offset from UTC at an instant, in milliseconds (local time minus UTC). */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day begins in a time zone (adjusted twice: the offset may change that night). */
export function startOfDayInTimeZone(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - zoneOffsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetAt(first, timeZone));
}

/**
 * Zones IANA renamed that ICU (Node's and most browsers' Intl) still names the old way, by the
 * old name. Both names keep working; the current one is offered and stored (DECISIONS, "Dates
 * and time"). From tzdata's backward links of zones that are not in zone.tab.
 */
export const RENAMED_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone's current IANA name ("Asia/Calcutta" -> "Asia/Kolkata"); any other name as given. */
export function currentTimeZoneName(timeZone: string): string {
  return RENAMED_TIME_ZONES[timeZone] ?? timeZone;
}

/** The canonical, current IANA name of a zone ("US/Pacific" -> "America/Los_Angeles", "Asia/Calcutta" -> "Asia/Kolkata"), or undefined. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return currentTimeZoneName(new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone);
  } catch {
    return undefined;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
