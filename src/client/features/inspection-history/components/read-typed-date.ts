import { isCalendarDate } from '@shared/schemas/calendar-date';
import { HISTORY_EARLIEST_DATE } from '@shared/schemas/inspection-history';

export type TypedDate = { date: string } | { problem: string };

/**
 * A day typed into the grid: 2025-03-14, and 2025-3-4 or 2025/03/14 as people type them. Only
 * the year-first order is taken: 03/04/2025 is 3 April or 4 March depending on who wrote it.
 */
export function readTypedDate(typed: string, today: string): TypedDate {
  const text = typed.trim();
  if (!text) return { problem: 'Type the day it was done, as YYYY-MM-DD' };
  const parts = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const date = parts ? `${parts[1]}-${parts[2]!.padStart(2, '0')}-${parts[3]!.padStart(2, '0')}` : '';
  if (!date || !isCalendarDate(date)) return { problem: 'Not a date: type it as YYYY-MM-DD, e.g. 2025-03-14' };
  if (date > today) return { problem: 'Cannot be in the future' };
  if (date < HISTORY_EARLIEST_DATE) return { problem: 'Cannot be before 1970' };
  return { date };
}
