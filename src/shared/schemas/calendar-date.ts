import { z } from 'zod';

/** "YYYY-MM-DD" naming a real day from year 1000 on (PostgreSQL has no year 0). */
export function isCalendarDate(v: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A calendar date; an ISO datetime is taken as its first ten characters, never shifted (DECISIONS). */
export const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => v.slice(0, 10))
    .refine(isCalendarDate, message);
