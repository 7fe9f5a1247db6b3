import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderSettings } from '@shared/schemas/reminder-settings';
import { DEFAULT_REMINDER_SETTINGS } from '@shared/schemas/reminder-settings';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { sendDueReminders } from '../reminders/reminders.service';
import { grantPro } from '../subscription/subscription.service';

/** Each setting saved through the API is what the reminder sweep does. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const sweep = (at: string) =>
  sendDueReminders({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss }, new Date(at));

/** '2026-06-10' plus n days. */
const day = (n: number) => {
  const d = new Date('2026-06-10T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** Noon (UTC, the account's zone) n days after 2026-06-10: past the morning send hour. */
const noon = (n: number) => `${day(n)}T12:00:00Z`;

/** A Pro account with these settings saved in Settings, and open inspections due at these offsets. */
async function accountWith(settings: Partial<ReminderSettings>, dueIn: number[]) {
  const { agent, user } = await ctx.signedIn({ timeZone: 'UTC' });
  await grantPro(ctx.runtime.db, user.username);
  const saved = await agent.put('/api/reminder-settings', { ...DEFAULT_REMINDER_SETTINGS, ...settings });
  expect(saved.statusCode).toBe(200);
  const property = await createProperty(ctx.runtime.db, user.id);
  for (const n of dueIn) await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: day(n) });
  return user;
}

/** What was sent, as [days from 2026-06-10 to the due date, reminder type, times sent]. */
const sent = async (userId: number) =>
  (
    await ctx.runtime.pool.query(
      `select (due_date - date '2026-06-10') as due, reminder_type as type, reminder_count as count
       from reminder_logs where organization_id = $1 order by due_date, reminder_type`,
      [userId],
    )
  ).rows.map((r) => [r.due, r.type, r.count]);

describe('the reminder schedule of Settings, as the sweep applies it', () => {
  it('lead time: the second reminder comes that many days ahead; before that, the 30-day one', async () => {
    const user = await accountWith({ leadTimeDays: 3 }, [5, 3, 1]);
    await sweep(noon(0));
    expect(await sent(user.id)).toEqual([
      [1, 'seven_day', 1],
      [3, 'seven_day', 1],
      [5, 'thirty_day', 1],
    ]);
    // With the default 7 days, 5 days ahead would have been the second reminder.
    const defaults = await accountWith({}, [5]);
    await sweep(noon(0));
    expect(await sent(defaults.id)).toEqual([[5, 'seven_day', 1]]);
  });

  it('30-day reminder off: nothing until the lead time', async () => {
    const user = await accountWith({ thirtyDayReminder: false }, [20, 5]);
    await sweep(noon(0));
    expect(await sent(user.id)).toEqual([[5, 'seven_day', 1]]);
  });

  it('lead-time reminder off: the 30-day one still goes, nothing within the lead time', async () => {
    const user = await accountWith({ sevenDayReminder: false }, [20, 5]);
    await sweep(noon(0));
    expect(await sent(user.id)).toEqual([[20, 'thirty_day', 1]]);
  });

  it('due-date reminder off: nothing on the day', async () => {
    const user = await accountWith({ dueDateReminder: false }, [0, 2]);
    await sweep(noon(0));
    expect(await sent(user.id)).toEqual([[2, 'seven_day', 1]]);
  });

  it('overdue reminder off: nothing once it is late', async () => {
    const user = await accountWith({ overdueReminder: false }, [-1, 0]);
    await sweep(noon(0));
    await sweep(noon(8));
    expect(await sent(user.id)).toEqual([[0, 'due_date', 1]]);
  });

  it('daily: an overdue reminder repeats the next day', async () => {
    const user = await accountWith({ frequency: 'daily' }, [-1]);
    await sweep(noon(0));
    await sweep(noon(1));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 2]]);
  });

  it('weekly: an overdue reminder waits a week to repeat', async () => {
    const user = await accountWith({ frequency: 'weekly' }, [-1]);
    await sweep(noon(0));
    await sweep(noon(6));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 1]]);
    await sweep(noon(7));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 2]]);
  });

  it('custom: an overdue reminder repeats every lead-time days', async () => {
    const user = await accountWith({ frequency: 'custom', leadTimeDays: 3 }, [-1]);
    await sweep(noon(0));
    await sweep(noon(2));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 1]]);
    await sweep(noon(3));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 2]]);
  });

  it('at most this many overdue reminders per inspection', async () => {
    const user = await accountWith({ frequency: 'daily', maxRemindersPerItem: 4 }, [-1]);
    for (let n = 0; n < 7; n++) await sweep(noon(n));
    expect(await sent(user.id)).toEqual([[-1, 'overdue', 4]]);
  });
});
