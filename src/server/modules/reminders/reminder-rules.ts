import type { REMINDER_FREQUENCIES } from '@shared/enums';

/** DECISIONS "E-mail": the four reminders, each with its own switch in reminder_settings. */
export const REMINDER_TYPES = ['thirty_day', 'seven_day', 'due_date', 'overdue'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

/** Reminders go out from this hour of the account's own day, not at its midnight. */
export const SEND_FROM_LOCAL_HOUR = 7;

/** How long an overdue reminder waits before it is repeated; custom repeats every leadTimeDays. */
export function repeatDays(frequency: (typeof REMINDER_FREQUENCIES)[number], leadTimeDays: number): number {
  if (frequency === 'daily') return 1;
  if (frequency === 'weekly') return 7;
  return Math.max(1, leadTimeDays);
}
