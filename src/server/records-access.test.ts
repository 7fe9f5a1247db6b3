import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createProperty } from './db/seed/properties';
import { createTestContext, type Agent, type TestContext } from './testing/test-app';

/**
 * The endpoints of the inspection records, undo and the import check, each tried as an
 * attacker would: with no session (401), with bad input (400 with field messages), with
 * a malformed id (404, as route-schema.ts's idParams rules) and with another account's id (404, never the record).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function owner() {
  const session = await ctx.signedIn();
  const property = await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View' });
  const inspector = (await session.agent.post('/api/inspectors', { name: 'Ada Byrne' })).json();
  const scheduled = (await session.agent.post('/api/inspections', {
    propertyId: property.id,
    inspectionType: 'fire_alarm',
    dueDate: todayInTimeZone('UTC'),
    assignedTo: 'Ada Byrne',
  })).json();
  const completed = await session.agent.put(`/api/inspections/${scheduled.id}`, {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: 'Panel fault',
    deficiencies: [{ description: 'Panel shows a ground fault', severity: 'critical' }],
  });
  const undoToken = completed.headers['x-undo-token'] as string;
  const [deficiency] = (await session.agent.get(`/api/properties/${property.id}/deficiencies`)).json();
  return { ...session, property, inspector, inspection: scheduled, deficiency, undoToken };
}

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];

/** Every call that names a record, with that record's id in it. */
function calls(o: Awaited<ReturnType<typeof owner>>): Call[] {
  return [
    ['GET', `/api/inspectors/${o.inspector.id}`],
    ['PUT', `/api/inspectors/${o.inspector.id}`, { name: 'Taken over' }],
    ['DELETE', `/api/inspectors/${o.inspector.id}`],
    ['GET', `/api/deficiencies/${o.deficiency.id}`],
    ['POST', `/api/deficiencies/${o.deficiency.id}/correct`, { correctedOn: todayInTimeZone('UTC'), correctedBy: 'Mallory' }],
    ['GET', `/api/properties/${o.property.id}/deficiencies`],
    ['GET', `/api/inspections/${o.inspection.id}/deficiencies`],
    ['POST', `/api/undo/${o.undoToken}`],
  ];
}

const send = (agent: Agent, [method, url, body]: Call) =>
  method === 'GET' ? agent.get(url) : method === 'DELETE' ? agent.delete(url) : method === 'PUT' ? agent.put(url, body ?? {}) : agent.post(url, body ?? {});

describe('records, undo and the import check, as an attacker tries them', () => {
  it('answer 401 without a session', async () => {
    const o = await owner();
    const stranger = ctx.agent();
    const anonymous = [
      ...calls(o),
      ['GET', '/api/inspectors'],
      ['POST', '/api/inspectors', { name: 'Ada Byrne' }],
      ['GET', '/api/deficiencies/open-summary'],
      ['POST', '/api/properties/bulk-import/check', { filename: 'f.csv', properties: [] }],
    ] as Call[];
    for (const call of anonymous) expect([call[1], (await send(stranger, call)).statusCode]).toEqual([call[1], 401]);
  });

  it("answer 404 to another account's ids, and leave the records as they were", async () => {
    const o = await owner();
    const other = await ctx.signedIn();
    for (const call of calls(o)) expect([call[1], (await send(other.agent, call)).statusCode]).toEqual([call[1], 404]);
    expect((await o.agent.get(`/api/inspectors/${o.inspector.id}`)).json()).toMatchObject({ name: 'Ada Byrne' });
    expect((await o.agent.get(`/api/deficiencies/${o.deficiency.id}`)).json()).toMatchObject({ correctedOn: null });
  });

  it('answer a malformed id as naming no record (idParams: 404 with what was not found, never a 500)', async () => {
    const s = await ctx.signedIn();
    const cases = [
      ['/api/inspectors/abc', 'Inspector not found'],
      ['/api/deficiencies/abc', 'Deficiency not found'],
      ['/api/properties/abc/deficiencies', 'Property not found'],
      ['/api/inspections/-1/deficiencies', 'Inspection not found'],
    ];
    for (const [url, message] of cases) {
      const res = await s.agent.get(url!);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, message]);
    }
  });

  it('answer 400 with field messages to bad input', async () => {
    const o = await owner();
    const inspector = await o.agent.put(`/api/inspectors/${o.inspector.id}`, { name: '' });
    expect(inspector.statusCode).toBe(400);
    expect(Object.keys(inspector.json().fieldErrors)).toContain('name');
    const correction = await o.agent.post(`/api/deficiencies/${o.deficiency.id}/correct`, { correctedOn: 'yesterday' });
    expect(correction.statusCode).toBe(400);
    expect(Object.keys(correction.json().fieldErrors)).toContain('correctedOn');
    const check = await o.agent.post('/api/properties/bulk-import/check', { filename: 'f.csv', properties: 'all of them' });
    expect(check.statusCode).toBe(400);
    expect(Object.keys(check.json().fieldErrors)).toContain('properties');
  });
});
