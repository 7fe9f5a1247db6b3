import { describe, expect, it } from 'vitest';
import { monthLabel, previousMonth, summarySentences, type MonthFigures } from './monthly-summary.text';

const month = (over: Partial<MonthFigures> & { month: string }): MonthFigures => ({
  compliance: { compliant: 3, pending: 0, nonCompliant: 1, total: 4, unknown: 0 },
  onTime: { completed: 4, onTime: 3, medianDaysLate: null },
  deficienciesOpened: 0,
  deficienciesClosed: 0,
  deficienciesOpen: 5,
  overdue: 2,
  ...over,
});

describe('the monthly summary in words', () => {
  it('says what fell, what stayed, and names the year when the months are of two', () => {
    const sentences = summarySentences({
      current: month({ month: '2026-01', compliance: { compliant: 30, pending: 2, nonCompliant: 8, total: 40, unknown: 0 }, deficienciesOpen: 4, deficienciesOpened: 1 }),
      previous: month({ month: '2025-12', compliance: { compliant: 35, pending: 1, nonCompliant: 4, total: 40, unknown: 0 } }),
      openBySeverity: [],
    });
    expect(sentences).toEqual([
      'Compliant properties fell from 35 of 40 to 30 of 40.',
      'Inspections completed on time stayed at 75%: 3 of 4 in January 2026, 3 of 4 in December 2025.',
      '1 deficiency was found and 0 corrected in January 2026, against 0 found and 0 corrected in December 2025.',
      'Open deficiencies fell from 5 to 4.',
      'Overdue inspections stayed at 2.',
    ]);
  });

  it('compares shares when the number of properties changed, and says when nothing was completed or known', () => {
    const [compliance, onTime] = summarySentences({
      // 31 of 40 (78%) to 32 of 44 (73%): more compliant properties, a smaller share.
      current: month({ month: '2026-05', compliance: { compliant: 32, pending: 0, nonCompliant: 12, total: 44, unknown: 0 }, onTime: { completed: 0, onTime: 0, medianDaysLate: null } }),
      previous: month({ month: '2026-04', compliance: { compliant: 31, pending: 0, nonCompliant: 9, total: 40, unknown: 0 } }),
      openBySeverity: [],
    });
    expect(compliance).toBe('The share of properties compliant fell from 78% (31 of 40) to 73% (32 of 44).');
    expect(onTime).toBe('No inspections were completed in May; in April 75% (3 of 4) were on time.');
    expect(
      summarySentences({ current: month({ month: '2026-05', compliance: null }), previous: month({ month: '2026-04', compliance: null }), openBySeverity: [] })[0],
    ).toBe("Firemark has no record of the properties' status at the end of May 2026.");
  });

  it('names months and steps back over a year', () => {
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });
});
