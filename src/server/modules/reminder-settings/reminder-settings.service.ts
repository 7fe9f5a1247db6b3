import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@shared/schemas/reminder-settings';
import type { Db } from '../../db/client';
import * as q from './reminder-settings.queries';

/** An account that has saved nothing gets the defaults, as the reminder sweep does. */
export async function getReminderSettings(db: Db, organizationId: number): Promise<ReminderSettings> {
  return (await q.findReminderSettings(db, organizationId)) ?? DEFAULT_REMINDER_SETTINGS;
}

export async function setReminderSettings(db: Db, organizationId: number, settings: ReminderSettings): Promise<ReminderSettings> {
  return q.saveReminderSettings(db, organizationId, settings);
}
