import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const alertsOf = async (userId: number) =>
  (await ctx.runtime.pool.query(`select to_address, cc_addresses, subject, text_body from email_outbox where user_id = $1 and kind = 'compliance_alert'`, [userId]))
    .rows;

async function completeOne(agent: Awaited<ReturnType<TestContext['signedIn']>>['agent'], propertyId: number, body: Record<string, unknown>) {
  const inspection = (await agent.post('/api/inspections', { propertyId, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Sam Ortiz' })).json();
  const res = await agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', ...body });
  expect(res.statusCode).toBe(200);
}

describe('compliance alerts', () => {
  it('e-mails a non-compliant finding to the account with the manager in copy', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'UTC', fullName: 'Jordan Lee' });
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View', managerEmail: 'manager@harbor.example' });
    await completeOne(agent, property.id, { complianceStatus: 'non_compliant', notes: 'Panel shows a ground fault on zone 4.' });
    const [alert, ...more] = await alertsOf(user.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      to_address: user.email,
      cc_addresses: ['manager@harbor.example'],
      subject: 'Action needed: Fire Alarm non-compliant at Harbor View',
    });
    expect(alert.text_body).toContain('Panel shows a ground fault on zone 4.');
    expect(alert.text_body).toContain(`https://firemark.example.com/properties/${property.id}`);
  });

  it('sends nothing for a compliant result, or when the account has switched alerts off', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'UTC' });
    const property = await createProperty(ctx.runtime.db, user.id);
    await completeOne(agent, property.id, { complianceStatus: 'compliant' });
    expect(await alertsOf(user.id)).toEqual([]);

    const off = await ctx.signedIn({ timeZone: 'UTC' });
    await off.agent.put('/api/auth/notification-settings', {
      emailInspectionReminders: true,
      emailComplianceAlerts: false,
      emailReportGeneration: true,
      emailNewFeatures: false,
    });
    const theirs = await createProperty(ctx.runtime.db, off.user.id);
    await completeOne(off.agent, theirs.id, { complianceStatus: 'non_compliant', notes: 'Horn does not sound.' });
    expect(await alertsOf(off.user.id)).toEqual([]);
  });
});
