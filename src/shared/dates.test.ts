import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatDisplayDate, isValidTimeZone, noonInTimeZone, RENAMED_TIME_ZONES, startOfDayInTimeZone, todayInTimeZone } from './dates';

describe('formatDisplayDate', () => {
  it('reads like "Mar 5, 2024" (DECISIONS: no zero-padded day), a calendar date as written', () => {
    expect(formatDisplayDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDisplayDate('2026-12-05')).toBe('Dec 5, 2026');
    expect(formatDisplayDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('shows a moment as its day where it is read, every month by its name', () => {
    const names = Array.from({ length: 12 }, (_, month) => formatDisplayDate(new Date(2025, month, 9, 23, 30)));
    expect(names).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m) => `${m} 9, 2025`));
    expect(formatDisplayDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('shows nothing for nothing or a value that is not a date', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('soon')).toBe('');
    expect(formatDisplayDate('2024-13-01')).toBe('');
  });
});

describe('todayInTimeZone', () => {
  const instant = new Date('2026-06-10T23:30:00Z');
  it("is the account's own calendar day", () => {
    expect(todayInTimeZone('UTC', instant)).toBe('2026-06-10');
    expect(todayInTimeZone('Pacific/Auckland', instant)).toBe('2026-06-11');
    expect(todayInTimeZone('America/Los_Angeles', instant)).toBe('2026-06-10');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => todayInTimeZone('Mars/Olympus_Mons', instant)).toThrow();
  });

  it('turns to the next day at midnight, to the second, however often it is asked', () => {
    const lastSecond = new Date('2026-06-10T23:59:59.900Z');
    const firstSecond = new Date('2026-06-11T00:00:00.100Z');
    expect(todayInTimeZone('UTC', lastSecond)).toBe('2026-06-10');
    expect(todayInTimeZone('UTC', new Date('2026-06-10T23:59:59.999Z'))).toBe('2026-06-10');
    expect(todayInTimeZone('UTC', firstSecond)).toBe('2026-06-11');
    expect(todayInTimeZone('Pacific/Auckland', firstSecond)).toBe('2026-06-11');
    expect(todayInTimeZone('UTC', lastSecond)).toBe('2026-06-10');
  });
});

describe('noonInTimeZone', () => {
  it('is noon of that day in that zone, so the day reads the same there', () => {
    expect(noonInTimeZone('2026-06-10', 'UTC').toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(noonInTimeZone('2026-06-10', 'America/New_York').toISOString()).toBe('2026-06-10T16:00:00.000Z');
    const kiritimati = noonInTimeZone('2026-06-10', 'Pacific/Kiritimati');
    expect(todayInTimeZone('Pacific/Kiritimati', kiritimati)).toBe('2026-06-10');
  });
});

describe('time zone names', () => {
  it('knows IANA zones and their canonical names', () => {
    expect(isValidTimeZone('Europe/Dublin')).toBe(true);
    expect(isValidTimeZone('Nowhere/Special')).toBe(false);
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Nowhere/Special')).toBeUndefined();
  });

  it('stores a renamed zone by its current name, whichever name it is given', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
  });

  it('names only zones that exist, and each renamed zone keeps its clock', () => {
    const instant = new Date('2026-06-10T22:30:00Z');
    for (const [old, current] of Object.entries(RENAMED_TIME_ZONES)) {
      expect(isValidTimeZone(current), current).toBe(true);
      expect(todayInTimeZone(current, instant), current).toBe(todayInTimeZone(old, instant));
    }
  });
});

describe('startOfDayInTimeZone', () => {
  it('is local midnight, also on the days the clocks change', () => {
    expect(startOfDayInTimeZone('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // Clocks go forward at 2:00 on March 8 and back at 2:00 on November 1: midnight is before both.
    expect(startOfDayInTimeZone('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayInTimeZone('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayInTimeZone('2026-12-31', 'Pacific/Kiritimati').toISOString()).toBe('2026-12-30T10:00:00.000Z');
  });
});
