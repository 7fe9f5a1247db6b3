import { formatDate } from '@/lib/format-date';
import { NOT_SCHEDULED_REASONS } from '@shared/enums';
import type { NextDue } from '@shared/schemas/requirement';

/** What a completion's toast says comes next: when the next one is due, and whether it is scheduled. */
export function nextDueText(nextDue: NextDue | null | undefined): string {
  if (!nextDue) return '';
  const when = `Next ${nextDue.activity} due ${formatDate(nextDue.dueDate)}`;
  if (nextDue.notScheduledReason === null) return `${when}: scheduled.`;
  if (nextDue.notScheduledReason === 'already_scheduled') return `${when}: already scheduled.`;
  return `${when}, not scheduled. ${NOT_SCHEDULED_REASONS[nextDue.notScheduledReason]}`;
}
