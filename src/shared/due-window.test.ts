import { describe, expect, it } from 'vitest';
import { dueListWindowText, dueWindowPhrase, dueWindowText, windowRangeText } from './due-window';

describe('a window in words', () => {
  it('names the month to aim for and the window, the year once when it does not change', () => {
    const quarterly = { nextDueDate: '2027-04-01', windowOpensOn: '2027-02-01', nominalDueDate: '2027-03-01' };
    expect(dueWindowText(quarterly)).toBe('Due Mar 2027 (window Feb 1 to Apr 1, 2027)');
    expect(dueWindowPhrase(quarterly)).toBe('Mar 2027 (window Feb 1 to Apr 1, 2027)');
    expect(windowRangeText('2026-11-15', '2027-02-15')).toBe('Nov 15, 2026 to Feb 15, 2027');
  });

  it('says when the window closed once it has, and nothing for a requirement due on one day', () => {
    const annual = { nextDueDate: '2027-04-15', windowOpensOn: '2026-10-15', nominalDueDate: '2027-01-15' };
    expect(dueListWindowText(annual, true)).toBe('Was due by Apr 15, 2027 (window Oct 15, 2026 to Apr 15, 2027)');
    expect(dueListWindowText(annual, false)).toBe('Due Jan 2027 (window Oct 15, 2026 to Apr 15, 2027)');
    expect(dueWindowText({ nextDueDate: '2027-04-15', windowOpensOn: null, nominalDueDate: null })).toBeNull();
  });
});
