import { todayInTimeZone } from '@shared/dates';
import { useAuth } from '@/app/auth-context';

/**
 * Today's calendar date ("YYYY-MM-DD") in the account's time zone (DECISIONS "Dates and
 * time"): the day overdue, due soon, date pickers and defaults are measured from.
 */
export function useToday(): string {
  const { user } = useAuth();
  return todayInTimeZone(user?.timeZone ?? 'UTC');
}
