import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, nextDay, serializeCalendar } from './ical';

const octets = (line: string) => Buffer.byteLength(line);

describe('iCalendar text values', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('Room 4; east wing, floor 2\\B')).toBe('Room 4\\; east wing\\, floor 2\\\\B');
    expect(escapeText('line one\r\nline two\nline three\rfour')).toBe('line one\\nline two\\nline three\\nfour');
  });

  it('drops control characters that TEXT may not hold, keeping tabs', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });
});

describe('folding', () => {
  it('leaves a line of 75 octets as it is', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets, continuation lines starting with one space', () => {
    const line = `DESCRIPTION:${'a'.repeat(200)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBe(3);
    expect(folded.every((l) => octets(l) <= 75)).toBe(true);
    expect(octets(folded[0]!)).toBe(75);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    // Unfolding (RFC 5545 3.1: remove each CRLF and the one space after it) gives it back.
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
  });

  it('never splits a multi-byte UTF-8 character, an emoji included', () => {
    for (const piece of ['é', '€', '消防', '🧯']) {
      for (let prefix = 0; prefix < 4; prefix++) {
        const line = `SUMMARY:${'p'.repeat(prefix)}${piece.repeat(60)}`;
        const folded = foldLine(line);
        const lines = folded.split('\r\n');
        expect(lines.every((l) => octets(l) <= 75)).toBe(true);
        // Each physical line is whole characters: a split one would not survive UTF-8 (it becomes U+FFFD).
        for (const l of lines) expect(Buffer.from(l, 'utf8').toString('utf8')).toBe(l);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }
    }
  });
});

describe('a published calendar', () => {
  const text = serializeCalendar({
    productId: '-//Firemark//Test//EN',
    name: 'Firemark, inspections',
    refreshMinutes: 60,
    generatedAt: new Date('2026-06-10T15:04:05.678Z'),
    events: [
      {
        uid: 'inspection-1@firemark.example.com',
        date: '2026-12-31',
        summary: 'Fire Extinguishers inspection: Harbor View; North, Tower',
        description: `Assigned to: Sam Ortiz\nOpen in Firemark: https://firemark.example.com/inspections/1\n${'Lång text '.repeat(12)}`,
        location: '100 Harbor Way, Boston, MA 02110',
        url: 'https://firemark.example.com/inspections/1',
        lastModified: new Date('2026-06-01T08:00:00Z'),
      },
    ],
  });

  it('uses CRLF everywhere, folds every line and ends with a line break', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((l) => octets(l) <= 75)).toBe(true);
  });

  it('reads back with an independent parser, all-day on the right day', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    // ical.js reads X- properties as raw values: the name is there, escaped as TEXT.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Firemark\\, inspections');
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('inspection-1@firemark.example.com');
    expect(event.summary).toBe('Fire Extinguishers inspection: Harbor View; North, Tower');
    expect(event.description).toContain('Assigned to: Sam Ortiz\nOpen in Firemark: https://firemark.example.com/inspections/1\nLång text');
    expect(event.location).toBe('100 Harbor Way, Boston, MA 02110');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    // DTEND is exclusive: the next day, across the year's end.
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(vevent!.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-06-10T15:04:05Z');
    expect(vevent!.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
  });

  it('counts the next day in calendar days, leap days included', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
  });
});
