import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, setDisplayTimeZone } from './format-date';

afterEach(() => setDisplayTimeZone(undefined));

describe('dates on screen, in the account zone', () => {
  // 03:30 UTC on 5 March is still 4 March in New York and already 5 March in Tokyo.
  const instant = '2024-03-05T03:30:00Z';

  it('shows the day of an instant in the zone set, and follows a change of zone', () => {
    setDisplayTimeZone('America/New_York');
    expect(formatDate(instant)).toBe('Mar 4, 2024');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDate(instant)).toBe('Mar 5, 2024');
    setDisplayTimeZone('America/New_York');
    expect(formatDate(instant)).toBe('Mar 4, 2024');
  });

  it('names the zone with the time', () => {
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime(instant)).toBe('Mar 4, 2024, 10:30 PM EST');
    setDisplayTimeZone('UTC');
    expect(formatDateTime(instant)).toBe('Mar 5, 2024, 3:30 AM UTC');
  });

  it('keeps a calendar date as written in every zone', () => {
    setDisplayTimeZone('Pacific/Kiritimati');
    expect(formatDate('2024-03-05')).toBe('Mar 5, 2024');
  });
});
