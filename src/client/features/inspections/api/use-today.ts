import { todayInTimeZone } from '@shared/dates';
import { useAuth } from '@/app/auth-context';

/**
 * Today's calendar date ("YYYY-MM-DD") in the organisation's time zone (DECISIONS "Dates and
 * time"): the day overdue, due soon, date pickers and defaults are measured from. The server
 * measures "today" in the organisation's zone (account.timeZone), so the screens do too: a
 * member travelling or set to another zone would otherwise be offered a day the server refuses
 * as in the future. The person's own zone is used only outside any organisation.
 */
export function useToday(): string {
  const { user } = useAuth();
  return todayInTimeZone(user?.organization?.timeZone ?? user?.timeZone ?? 'UTC');
}
