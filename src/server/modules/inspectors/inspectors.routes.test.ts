import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { addDays } from '@shared/compliance';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const today = () => todayInTimeZone('UTC');

describe('inspectors', () => {
  it('are created, listed, edited and deleted by their account only', async () => {
    const { agent } = await ctx.signedIn();
    const created = await agent.post('/api/inspectors', {
      name: 'Ada Byrne',
      company: 'North Fire Services',
      licenceNumber: 'NICET-123456',
      licenceExpiresOn: '2030-06-30',
      email: 'ada@northfire.example',
    });
    expect(created.statusCode).toBe(201);
    const inspector = created.json();
    expect(inspector).toMatchObject({ name: 'Ada Byrne', licenceNumber: 'NICET-123456', licenceExpiresOn: '2030-06-30', licenceExpired: false });

    const edited = await agent.put(`/api/inspectors/${inspector.id}`, { ...inspector, licenceExpiresOn: addDays(today(), -1) });
    expect(edited.json()).toMatchObject({ licenceExpired: true });
    expect((await agent.get('/api/inspectors')).json()).toMatchObject([{ id: inspector.id, name: 'Ada Byrne' }]);

    const other = await ctx.signedIn();
    expect((await other.agent.get(`/api/inspectors/${inspector.id}`)).statusCode).toBe(404);
    expect((await other.agent.put(`/api/inspectors/${inspector.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/inspectors/${inspector.id}`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/inspectors')).json()).toEqual([]);
    expect((await agent.get(`/api/inspectors/${inspector.id}`)).json()).toMatchObject({ name: 'Ada Byrne' });

    expect((await agent.delete(`/api/inspectors/${inspector.id}`)).statusCode).toBe(200);
    expect((await agent.get(`/api/inspectors/${inspector.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with field messages', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.post('/api/inspectors', { name: ' ', email: 'not-an-address', licenceExpiresOn: '2030-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      name: ['Name is required'],
      email: ['Enter an e-mail address such as name@example.com'],
      licenceExpiresOn: ['Enter the expiry date as a date, e.g. 2027-06-30'],
    });
  });

  it('cannot be scheduled or completed with by another account', async () => {
    const owner = await ctx.signedIn();
    const theirs = (await owner.agent.post('/api/inspectors', { name: 'Owner Inspector' })).json();
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const res = await agent.post('/api/inspections', {
      propertyId: property.id,
      inspectionType: 'fire_alarm',
      dueDate: today(),
      assignedTo: 'Owner Inspector',
      inspectorId: theirs.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ inspectorId: ['Choose one of your inspectors'] });
  });
});

describe('completing with an inspector and an attestation', () => {
  it('keeps who performed it, the licence as it stood, and the attestation; an expired licence is shown, not refused', async () => {
    const { agent, user } = await ctx.signedIn({ fullName: 'Sam Ortiz' });
    const property = await createProperty(ctx.runtime.db, user.id);
    const inspector = (
      await agent.post('/api/inspectors', { name: 'Łucja Żak', licenceNumber: 'FL-778', licenceExpiresOn: addDays(today(), -10) })
    ).json();
    const scheduled = (
      await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: inspector.name, inspectorId: inspector.id })
    ).json();
    expect(scheduled.inspector).toMatchObject({ id: inspector.id, name: 'Łucja Żak', licenceNumber: 'FL-778', licenceExpired: true });

    const completed = await agent.put(`/api/inspections/${scheduled.id}`, {
      status: 'completed',
      complianceStatus: 'compliant',
      inspectorId: inspector.id,
      attestation: { accepted: true, typedName: 'Łucja Żak' },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      inspector: { id: inspector.id, name: 'Łucja Żak', licenceNumber: 'FL-778', licenceExpiresOn: addDays(today(), -10), licenceExpired: true },
      attestation: { role: 'performer', statement: 'I performed this inspection.', typedName: 'Łucja Żak', performedBy: 'Łucja Żak' },
    });

    // A later licence renewal does not rewrite what the completed record says.
    await agent.put(`/api/inspectors/${inspector.id}`, { name: 'Łucja Żak', licenceNumber: 'FL-999', licenceExpiresOn: '2035-01-01' });
    expect((await agent.get(`/api/inspections/${scheduled.id}`)).json().inspector).toMatchObject({ licenceNumber: 'FL-778', licenceExpired: true });
  });

  it('refuses an attestation that is not accepted or has no name', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id);
    const scheduled = (await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Kim' })).json();
    const res = await agent.put(`/api/inspections/${scheduled.id}`, { status: 'completed', complianceStatus: 'compliant', attestation: { accepted: false, typedName: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'attestation.accepted': ['Tick the statement to attest the inspection'],
      'attestation.typedName': ['Type your full name to attest'],
    });
    expect((await agent.get(`/api/inspections/${scheduled.id}`)).json()).toMatchObject({ status: 'scheduled', attestation: null });
  });
});
