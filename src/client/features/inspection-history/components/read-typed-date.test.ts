import { describe, expect, it } from 'vitest';
import { readTypedDate } from './read-typed-date';

const today = '2026-06-15';

describe('readTypedDate', () => {
  it.each([
    ['2025-03-14', '2025-03-14'],
    [' 2025-3-4 ', '2025-03-04'],
    ['2025/03/14', '2025-03-14'],
    ['2026-06-15', '2026-06-15'],
  ])('reads %j as %s', (typed, date) => {
    expect(readTypedDate(typed, today)).toEqual({ date });
  });

  it.each([
    ['', 'Type the day it was done, as YYYY-MM-DD'],
    ['03/14/2025', 'Not a date: type it as YYYY-MM-DD, e.g. 2025-03-14'],
    ['2025-02-30', 'Not a date: type it as YYYY-MM-DD, e.g. 2025-03-14'],
    ['2026-06-16', 'Cannot be in the future'],
    ['1969-12-31', 'Cannot be before 1970'],
  ])('says what is wrong with %j', (typed, problem) => {
    expect(readTypedDate(typed, today)).toEqual({ problem });
  });
});
