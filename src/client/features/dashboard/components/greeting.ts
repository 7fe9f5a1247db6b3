import { formatDate } from '@/lib/format-date';
import { formatDisplayDate } from '@shared/dates';

/**
 * docs/decisions/014: an account is new on the day it was created, in its own time zone, so
 * its first dashboard says "Welcome" and every later day "Welcome back".
 */
export function isNewAccount(createdAt: string, today: string): boolean {
  return formatDate(createdAt) === formatDisplayDate(today);
}
