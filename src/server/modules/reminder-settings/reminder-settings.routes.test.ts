import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const valid = {
  frequency: 'daily',
  leadTimeDays: 3,
  maxRemindersPerItem: 5,
  thirtyDayReminder: false,
  sevenDayReminder: true,
  dueDateReminder: true,
  overdueReminder: false,
};

describe('/api/reminder-settings', () => {
  it('answers 401 when signed out', async () => {
    const agent = ctx.agent();
    expect((await agent.get('/api/reminder-settings')).statusCode).toBe(401);
    expect((await agent.put('/api/reminder-settings', valid)).statusCode).toBe(401);
  });

  it('shows the defaults before anything is saved, then what was saved', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/reminder-settings')).json()).toEqual({
      frequency: 'weekly',
      leadTimeDays: 7,
      maxRemindersPerItem: 3,
      thirtyDayReminder: true,
      sevenDayReminder: true,
      dueDateReminder: true,
      overdueReminder: true,
    });
    const saved = await agent.put('/api/reminder-settings', valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(valid);
    expect((await agent.get('/api/reminder-settings')).json()).toEqual(valid);

    // A second save replaces the first.
    const again = await agent.put('/api/reminder-settings', { ...valid, frequency: 'custom', leadTimeDays: 10 });
    expect(again.json()).toMatchObject({ frequency: 'custom', leadTimeDays: 10 });
    expect((await agent.get('/api/reminder-settings')).json()).toMatchObject({ frequency: 'custom', leadTimeDays: 10 });
  });

  it('keeps each account’s settings to itself', async () => {
    const a = await ctx.signedIn();
    const b = await ctx.signedIn();
    await a.agent.put('/api/reminder-settings', valid);
    expect((await b.agent.get('/api/reminder-settings')).json()).toMatchObject({ frequency: 'weekly', leadTimeDays: 7 });
    const rows = await ctx.runtime.pool.query('select organization_id from reminder_settings where organization_id = any($1)', [[a.user.id, b.user.id]]);
    expect(rows.rows).toEqual([{ organization_id: a.user.id }]);
  });

  it('names every field that is wrong, with what to enter', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.put('/api/reminder-settings', {
      frequency: 'monthly',
      leadTimeDays: 30,
      maxRemindersPerItem: 0,
      thirtyDayReminder: 'yes',
      sevenDayReminder: null,
      dueDateReminder: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        frequency: ['Choose how often an overdue reminder repeats: daily, weekly or custom'],
        leadTimeDays: ['Lead time must be a whole number of days from 1 to 29'],
        maxRemindersPerItem: ['Overdue reminders must be a whole number from 1 to 10'],
        thirtyDayReminder: ['The 30-day reminder must be on or off'],
        sevenDayReminder: ['The lead-time reminder must be on or off'],
        dueDateReminder: ['The due-date reminder must be on or off'],
        overdueReminder: ['The overdue reminder must be on or off'],
      },
    });
    for (const [field, value, message] of [
      ['leadTimeDays', 0, 'Lead time must be a whole number of days from 1 to 29'],
      ['leadTimeDays', 2.5, 'Lead time must be a whole number of days from 1 to 29'],
      ['leadTimeDays', '7', 'Lead time must be a whole number of days from 1 to 29'],
      ['maxRemindersPerItem', 11, 'Overdue reminders must be a whole number from 1 to 10'],
      ['maxRemindersPerItem', null, 'Overdue reminders must be a whole number from 1 to 10'],
    ] as const) {
      const one = await agent.put('/api/reminder-settings', { ...valid, [field]: value });
      expect(one.statusCode, `${field}=${value}`).toBe(400);
      expect(one.json().fieldErrors).toEqual({ [field]: [message] });
    }
    // Nothing was saved by the refused attempts.
    expect((await agent.get('/api/reminder-settings')).json()).toMatchObject({ leadTimeDays: 7 });
  });

  it('refuses a body that is not JSON', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.request({ method: 'PUT', url: '/api/reminder-settings', payload: 'lead=3', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});
