/**
 * A minimal iCalendar (RFC 5545) writer for published calendars of all-day events: what the
 * feed needs and nothing more, so there is no dependency to keep up with.
 */

export interface AllDayEvent {
  /** Globally unique and stable: a calendar app updates the event it already has by it. */
  uid: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  lastModified?: Date;
}

export interface PublishedCalendar {
  productId: string;
  name: string;
  description?: string;
  /** How often a subscribed app should fetch it again, in minutes (a hint; not every app follows it). */
  refreshMinutes: number;
  /** When this copy was made: every event's DTSTAMP (RFC 5545 3.8.7.2, with METHOD). */
  generatedAt: Date;
  events: AllDayEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as
 * `\n`. Control characters other than tab are not allowed in TEXT and are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
    .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/**
 * Folds a content line (RFC 5545 3.1): no line longer than 75 octets, continuation lines
 * begin with one space, and a UTF-8 character is never split between two lines.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  // for...of walks code points, so a surrogate pair stays whole.
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; the others 74 after their leading space.
    const room = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > room) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** 2026-06-10 -> 20260610 */
function dateValue(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Not a calendar date: ${date}`);
  return date.replaceAll('-', '');
}

/** The day after a calendar date, as DTEND of an all-day event is exclusive. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A UTC DATE-TIME: 20260610T153000Z */
function utcValue(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function eventLines(event: AllDayEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${dateValue(event.date)}`,
    `DTEND;VALUE=DATE:${dateValue(nextDay(event.date))}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // A URI value, not TEXT: it is written as it is.
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcValue(event.lastModified)}`);
  // A reminder of work to do, not a meeting: it must not show the day as busy.
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole calendar as iCalendar text: CRLF line endings, every line folded. */
export function serializeCalendar(calendar: PublishedCalendar): string {
  const stamp = utcValue(calendar.generatedAt);
  const refresh = `PT${Math.max(1, Math.round(calendar.refreshMinutes))}M`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `NAME:${escapeText(calendar.name)}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeText(calendar.description)}`, `DESCRIPTION:${escapeText(calendar.description)}`] : []),
    // RFC 7986's refresh hint, and the older name Outlook reads.
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
