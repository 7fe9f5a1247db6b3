import { z } from 'zod';
import { REMINDER_FREQUENCIES } from '../enums';

/**
 * The reminder schedule (DECISIONS "E-mail"): which of the four reminders go out, how many
 * days ahead the second one comes (`leadTimeDays`, 7 by default), how often an overdue
 * reminder repeats (`frequency`; custom repeats every `leadTimeDays`) and how many times
 * at most (`maxRemindersPerItem`).
 */

/** The first reminder comes 30 days ahead, so the second must come later than that. */
export const LEAD_TIME_DAYS = { min: 1, max: 29 } as const;
export const MAX_REMINDERS = { min: 1, max: 10 } as const;

const leadTimeMessage = `Lead time must be a whole number of days from ${LEAD_TIME_DAYS.min} to ${LEAD_TIME_DAYS.max}`;
const maxRemindersMessage = `Overdue reminders must be a whole number from ${MAX_REMINDERS.min} to ${MAX_REMINDERS.max}`;
const toggle = (name: string) => z.boolean({ error: `${name} must be on or off` });

export const reminderSettingsSchema = z.object({
  frequency: z.enum(REMINDER_FREQUENCIES, { error: 'Choose how often an overdue reminder repeats: daily, weekly or custom' }),
  leadTimeDays: z
    .number({ error: leadTimeMessage })
    .int(leadTimeMessage)
    .min(LEAD_TIME_DAYS.min, leadTimeMessage)
    .max(LEAD_TIME_DAYS.max, leadTimeMessage),
  maxRemindersPerItem: z
    .number({ error: maxRemindersMessage })
    .int(maxRemindersMessage)
    .min(MAX_REMINDERS.min, maxRemindersMessage)
    .max(MAX_REMINDERS.max, maxRemindersMessage),
  thirtyDayReminder: toggle('The 30-day reminder'),
  sevenDayReminder: toggle('The lead-time reminder'),
  dueDateReminder: toggle('The due-date reminder'),
  overdueReminder: toggle('The overdue reminder'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** What applies while an account has saved none (the database's column defaults). */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  frequency: 'weekly',
  leadTimeDays: 7,
  maxRemindersPerItem: 3,
  thirtyDayReminder: true,
  sevenDayReminder: true,
  dueDateReminder: true,
  overdueReminder: true,
};

