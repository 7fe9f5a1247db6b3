import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionRow, createProperty, propertyValues } from '../../db/seed/properties';
import { createUser } from '../../db/seed/users';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { sendDueReminders } from '../reminders/reminders.service';

// BILLING=off is one setting for the whole process, so it has a test file of its own.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BILLING: 'off' });
});
afterAll(async () => {
  await ctx.close();
});

describe('BILLING=off', () => {
  it('makes every account Pro, with nothing to try or pay', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/billing/config')).json()).toEqual({ provider: 'off', testMode: false, publishableKey: null });
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({
      hasActiveSubscription: true,
      plan: 'pro',
      propertyLimit: -1,
      inspectionLimit: -1,
      canCreateProperty: true,
      proUntil: null,
      onTrial: false,
      trialAvailable: false,
    });
    const properties = [];
    for (const name of ['One', 'Two', 'Three']) {
      const created = await agent.post('/api/properties', propertyValues({ name }));
      expect(created.statusCode).toBe(201);
      properties.push(created.json());
    }
    for (const dueDate of ['2030-01-10', '2030-02-10']) {
      const scheduled = await agent.post('/api/inspections', { propertyId: properties[0].id, inspectionType: 'fire_alarm', dueDate, assignedTo: 'Sam Ortiz' });
      expect(scheduled.statusCode).toBe(201);
    }
    expect((await agent.post('/api/reports', { propertyId: properties[0].id, reportType: 'fire_safety' })).statusCode).toBe(201);
    expect((await agent.post('/api/subscription/trial', {})).statusCode).toBe(409);
  });

  it('runs no provider: billing reads are empty and anything that would charge says billing is off', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/stripe/subscription-details')).json()).toEqual({ testMode: false, subscription: null });
    expect((await agent.get('/api/stripe/payment-methods')).json()).toEqual([]);
    expect((await agent.get('/api/stripe/invoices')).json()).toEqual({ invoices: [] });
    for (const answer of [
      await agent.post('/api/create-subscription', {}),
      await agent.post('/api/stripe/create-setup-intent', {}),
      await agent.post('/api/stripe/cancel-subscription', { immediate: true }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('Billing is off on this server: every account has Firemark Pro at no charge.');
    }
    expect((await agent.post('/api/billing/test/confirm-payment', { clientSecret: 'x', card: {} })).statusCode).toBe(404);
  });

  it('sends reminders to every account', async () => {
    const { user } = await createUser(ctx.runtime.db, { timeZone: 'UTC' });
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-06-12', status: 'scheduled' });
    const deps = { config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss };
    await sendDueReminders(deps, new Date('2026-06-10T12:00:00Z'));
    const mails = await ctx.runtime.pool.query(`select kind, to_address from email_outbox where user_id = $1 and to_address = $2`, [user.id, user.email]);
    expect(mails.rows.map((r) => r.kind)).toEqual(['reminder_seven_day']);
  });
});
