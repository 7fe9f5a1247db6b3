import { eq, sql } from 'drizzle-orm';
import type { ReminderSettings } from '@shared/schemas/reminder-settings';
import type { DbOrTx } from '../../db/client';
import { reminderSettings } from '../../db/schema/index';

const columns = {
  frequency: reminderSettings.frequency,
  leadTimeDays: reminderSettings.leadTimeDays,
  maxRemindersPerItem: reminderSettings.maxRemindersPerItem,
  thirtyDayReminder: reminderSettings.thirtyDayReminder,
  sevenDayReminder: reminderSettings.sevenDayReminder,
  dueDateReminder: reminderSettings.dueDateReminder,
  overdueReminder: reminderSettings.overdueReminder,
};

/** The account's saved settings, or null while it has saved none. */
export async function findReminderSettings(db: DbOrTx, organizationId: number): Promise<ReminderSettings | null> {
  const [row] = await db.select(columns).from(reminderSettings).where(eq(reminderSettings.organizationId, organizationId));
  return row ?? null;
}

/** One row per account (organization_id is unique): the first save creates it, later ones replace it. */
export async function saveReminderSettings(db: DbOrTx, organizationId: number, settings: ReminderSettings): Promise<ReminderSettings> {
  const [row] = await db
    .insert(reminderSettings)
    .values({ organizationId, ...settings })
    .onConflictDoUpdate({ target: reminderSettings.organizationId, set: { ...settings, updatedAt: sql`now()` } })
    .returning(columns);
  return row!;
}
