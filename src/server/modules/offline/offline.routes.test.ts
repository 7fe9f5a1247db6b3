import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/** POST /api/offline/unapplied: what a device recorded for a record deleted meanwhile is kept in the history (docs/offline.md). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const property = { name: 'Harbor View Offices', propertyType: 'commercial', addressLine1: '100 Harbor Way', city: 'Boston', state: 'MA', zip: '02110', country: 'us', managerEmail: 'facilities@example.com' };

async function newProperty(agent: Agent): Promise<number> {
  const created = await agent.post('/api/properties', property);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const unapplied = (propertyId: number, changeId = randomUUID()) => ({
  changeId,
  label: 'Complete Fire alarm inspection due 2026-12-01',
  propertyId,
  recordedAt: '2026-11-20T14:05:09.123Z',
  reason: 'deleted',
  recorded: { status: 'completed', complianceStatus: 'non_compliant', notes: 'Horn on level 2 silent', deficiencies: [{ description: 'Horn silent', severity: 'impairment' }] },
});

describe('a change that arrived after its record was deleted', () => {
  it('is kept in the property\'s and the organisation\'s history with what was recorded, once however often it is sent', async () => {
    const { agent } = await proOwner(ctx);
    const propertyId = await newProperty(agent);
    const body = unapplied(propertyId);
    const first = await agent.post('/api/offline/unapplied', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number) });
    const again = await agent.post('/api/offline/unapplied', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const shown = (await agent.get(`/api/properties/${propertyId}/history`)).json().events.filter((e: { kind: string }) => e.kind === 'offline.unapplied');
    expect(shown).toHaveLength(1);
    const [event] = shown;
    expect(`${event.kindLabel}: ${event.subject}`).toBe('Recorded offline but not applied: Complete Fire alarm inspection due 2026-12-01 (it had been deleted)');
    expect(event).toMatchObject({ actorName: 'Olive Owner', propertyId, propertyName: 'Harbor View Offices' });
    expect(event.changes).toMatchObject({
      notes: [null, 'Horn on level 2 silent'],
      compliance_status: [null, 'non_compliant'],
      status: [null, 'completed'],
      recorded_at: [null, expect.stringContaining('2026-11-20T14:05:09.123')],
    });
    const organisation = (await agent.get('/api/organizations/current/history?kind=offline')).json().events;
    expect(organisation.map((e: { subject: string }) => e.subject)).toEqual(['Complete Fire alarm inspection due 2026-12-01 (it had been deleted)']);
  });

  it('is kept without a property when the property itself went', async () => {
    const { agent } = await proOwner(ctx);
    const { propertyId: _, ...body } = unapplied(1);
    const res = await agent.post('/api/offline/unapplied', body);
    expect(res.statusCode, res.body).toBe(201);
    expect((await agent.get('/api/organizations/current/history?kind=offline.unapplied')).json().events).toHaveLength(1);
  });

  it('is 404 for another organisation\'s property, or one the member was not given, and 403 for a viewer', async () => {
    const owner = await proOwner(ctx);
    const mine = await newProperty(owner.agent);
    const other = await newProperty(owner.agent);
    const stranger = await proOwner(ctx, { fullName: 'Stan Stranger' });
    const refused = await stranger.agent.post('/api/offline/unapplied', unapplied(mine));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Property not found');

    const inspector = await addMember(ctx, owner.agent, { role: 'inspector', propertyIds: [mine] }, { fullName: 'Ivy Inspector' });
    expect((await inspector.agent.post('/api/offline/unapplied', unapplied(other))).statusCode).toBe(404);
    expect((await inspector.agent.post('/api/offline/unapplied', unapplied(mine))).statusCode).toBe(201);

    const viewer = await addMember(ctx, owner.agent, { role: 'viewer', propertyIds: null }, { fullName: 'Vic Viewer' });
    expect((await viewer.agent.post('/api/offline/unapplied', unapplied(mine))).statusCode).toBe(403);
    const events = (await owner.agent.get(`/api/properties/${mine}/history`)).json().events.filter((e: { kind: string }) => e.kind === 'offline.unapplied');
    expect(events.map((e: { actorName: string }) => e.actorName)).toEqual(['Ivy Inspector']);
  });

  it('answers bad input with 400 and the field that is wrong', async () => {
    const { agent } = await proOwner(ctx);
    const propertyId = await newProperty(agent);
    const res = await agent.post('/api/offline/unapplied', { ...unapplied(propertyId), changeId: 'not-a-uuid', label: '', reason: 'lost', recorded: { notes: 'x'.repeat(21 * 1024) } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['changeId', 'label', 'reason', 'recorded']);
    expect(res.json().fieldErrors.recorded).toEqual(['What was recorded must be at most 20 KB']);
  });
});
