import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createDeviceSchema } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { withTransaction } from '../../db/transaction';
import { addMember, organizationOf, proOwner } from '../../testing/team';
import { createDevices } from '../devices/devices.service';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/**
 * The server's side of working without signal (docs/offline.md, "On the server"): changes kept
 * on a device are sent by key and applied once, edits of an older copy are not applied over a
 * newer record, results are only ever added, and a change sent before the one it needs waits.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const today = () => todayInTimeZone('UTC');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const property = { name: 'Harbor View Offices', propertyType: 'commercial', addressLine1: '100 Harbor Way', city: 'Boston', state: 'MA', zip: '02110', country: 'us', managerEmail: 'facilities@example.com' };
const attestation = { accepted: true, role: 'recorder', typedName: 'Olive Owner' };

type Method = 'POST' | 'PUT';
const send = (agent: Agent, method: Method, url: string, payload: unknown, headers: Record<string, string> = {}) => agent.request({ method, url, payload: payload as object, headers });
const keyed = (agent: Agent, method: Method, url: string, payload: unknown, key: string, headers: Record<string, string> = {}) =>
  send(agent, method, url, payload, { 'idempotency-key': key, ...headers });
const count = async (text: string, values: unknown[]) => Number((await ctx.runtime.pool.query(text, values)).rows[0].count);

async function propertyWithInspection(agent: Agent) {
  const created = await agent.post('/api/properties', property);
  expect(created.statusCode, created.body).toBe(201);
  const propertyId = created.json().id as number;
  const scheduled = await agent.post('/api/inspections', { propertyId, inspectionType: 'fire_alarm', dueDate: daysAgo(-10), assignedTo: 'Sam Ortiz' });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  return { propertyId, inspectionId: scheduled.json().id as number };
}

/** Sends a change twice with one key: the second answer is the first, replayed. */
async function sentTwice(agent: Agent, method: Method, url: string, payload: unknown) {
  const key = randomUUID();
  const first = await keyed(agent, method, url, payload, key);
  const again = await keyed(agent, method, url, payload, key);
  expect(first.statusCode, first.body).toBeLessThan(300);
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
  return first.json();
}

describe('changes sent again by their key', () => {
  it('a completion, a new deficiency, its edit and its correction, each sent twice, are each applied once', async () => {
    const { agent, user } = await proOwner(ctx);
    const { propertyId, inspectionId } = await propertyWithInspection(agent);
    const events = (kind: string) => count(`select count(*) from history_events where organization_id = (select organization_id from inspections where id = $1) and kind = $2`, [inspectionId, kind]);

    const completed = await sentTwice(agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault', attestation });
    expect(completed).toMatchObject({ id: inspectionId, status: 'completed', complianceResult: 'non_compliant' });
    expect(await events('inspection.completed')).toBe(1);
    // One next inspection scheduled, not two.
    expect(await count(`select count(*) from inspections where property_id = $1 and status = 'scheduled'`, [propertyId])).toBe(1);

    const added = await sentTwice(agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, { description: 'Horn on level 2 silent', severity: 'impairment' });
    expect(added).toMatchObject({ inspectionId, description: 'Horn on level 2 silent', severity: 'impairment' });
    expect(await count(`select count(*) from deficiencies where inspection_id = $1`, [inspectionId])).toBe(1);

    const edited = await sentTwice(agent, 'PUT', `/api/deficiencies/${added.id}`, { description: 'Horns on levels 2 and 3 silent', severity: 'critical', location: 'Stair B' });
    expect(edited).toMatchObject({ description: 'Horns on levels 2 and 3 silent', severity: 'critical', location: 'Stair B' });
    expect(await events('deficiency.updated')).toBe(1);

    const corrected = await sentTwice(agent, 'POST', `/api/deficiencies/${added.id}/correct`, { correctedOn: today(), correctedBy: 'Ace Alarms' });
    expect(corrected.correctedOn).toBe(today());
    expect(await events('deficiency.corrected')).toBe(1);
    expect(await count(`select count(*) from idempotency_keys where user_id = $1`, [user.id])).toBe(4);
  });

  it('a reschedule sent twice moves the inspection once', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    const moved = await sentTwice(agent, 'PUT', `/api/inspections/${inspectionId}`, { dueDate: daysAgo(-40), rescheduleReason: 'Tenant asked for a later date' });
    expect(moved.dueDate).toBe(daysAgo(-40));
    expect(await count(`select count(*) from history_events where entity_table = 'inspections' and entity_id = $1 and kind = 'inspection.rescheduled'`, [inspectionId])).toBe(1);
  });

  it('a walk-through\'s taps and its finish, each sent twice, record one tap each and one completion', async () => {
    const { agent } = await proOwner(ctx);
    const organization = await organizationOf(agent);
    const { id: propertyId } = await createProperty(ctx.runtime.db, organization.id, { name: 'Pier Warehouse' });
    const [pass, fail] = await withTransaction(ctx.runtime.pool, ({ db }) =>
      createDevices(
        db,
        { organizationId: organization.id, propertyId, today: today() },
        ['OFF-1', 'OFF-2'].map((tag) => createDeviceSchema.parse({ itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', tag: `${tag}-${organization.id}`, location: { building: 'A', floor: '1' } })),
      ),
    );
    const requirements = (await agent.get(`/api/properties/${propertyId}/requirements`)).json() as { id: number; activity: string }[];
    const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
    const walk = (await agent.post(`/api/properties/${propertyId}/walkthroughs`, { requirementId: monthly.id })).json();

    await sentTwice(agent, 'PUT', `/api/walkthroughs/${walk.id}/results/${pass}`, { clientId: randomUUID(), result: 'pass' });
    const failed = await sentTwice(agent, 'PUT', `/api/walkthroughs/${walk.id}/results/${fail}`, { clientId: randomUUID(), result: 'fail', description: 'Pin missing', severity: 'non_critical' });
    expect(failed.deficiencyId).toEqual(expect.any(Number));
    expect(await count(`select count(*) from deficiencies where property_id = $1`, [propertyId])).toBe(1);

    const finished = await sentTwice(agent, 'POST', `/api/walkthroughs/${walk.id}/finish`, { attestation });
    expect(finished).toMatchObject({ result: 'non_compliant', walkthrough: { status: 'finished' } });
    expect(await count(`select count(*) from inspections where property_id = $1 and status = 'completed'`, [propertyId])).toBe(1);
    expect(await count(`select count(*) from history_events where property_id = $1 and kind = 'inspection.completed'`, [propertyId])).toBe(1);
  });

  it('is described in the API reference on the changes a device keeps', async () => {
    const document = (await ctx.agent().get('/api/openapi.json')).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const takes = (header: string) => (path: string, method: string) => (document.paths[path]?.[method]?.parameters ?? []).some((p) => p.name === header && p.in === 'header');
    const takesKey = takes('Idempotency-Key');
    expect(takesKey('/api/inspections/{id}', 'put')).toBe(true);
    expect(takesKey('/api/inspections/{id}/deficiencies', 'post')).toBe(true);
    expect(takesKey('/api/deficiencies/{id}', 'put')).toBe(true);
    expect(takesKey('/api/deficiencies/{id}/correct', 'post')).toBe(true);
    expect(takesKey('/api/walkthroughs/{id}/results/{deviceId}', 'put')).toBe(true);
    expect(takesKey('/api/walkthroughs/{id}/finish', 'post')).toBe(true);
    // An edit that is not offered offline still refuses a key rather than ignoring it.
    expect(takesKey('/api/properties/{id}', 'put')).toBe(false);
    expect(takes('Depends-On')('/api/deficiencies/{id}/photos', 'post')).toBe(true);
    expect(takes('If-Match')('/api/inspections/{id}', 'put')).toBe(true);
    expect(takes('If-Match')('/api/deficiencies/{id}', 'put')).toBe(true);
    expect(takes('If-Match')('/api/deficiencies/{id}/correct', 'post')).toBe(false);
  });
});

describe('an edit of a copy someone else changed since (If-Match)', () => {
  it('is refused with the inspection as it stands, and nothing is applied; the current copy goes through', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    const kept = (await agent.get(`/api/inspections/${inspectionId}`)).json();
    // Someone else moves it meanwhile.
    expect((await agent.put(`/api/inspections/${inspectionId}`, { dueDate: daysAgo(-20), rescheduleReason: 'Access' })).statusCode).toBe(200);
    const now = (await agent.get(`/api/inspections/${inspectionId}`)).json();
    expect(now.updatedAt).not.toBe(kept.updatedAt);

    const refused = await send(agent, 'PUT', `/api/inspections/${inspectionId}`, { assignedTo: 'Pat Lee', notes: 'Bring the ladder' }, { 'if-match': kept.updatedAt });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toEqual({
      code: 'changed_elsewhere',
      message: 'Someone else changed this after your copy was kept. Choose which version to keep.',
      current: now,
    });
    expect((await agent.get(`/api/inspections/${inspectionId}`)).json()).toEqual(now);

    const applied = await send(agent, 'PUT', `/api/inspections/${inspectionId}`, { assignedTo: 'Pat Lee', notes: 'Bring the ladder' }, { 'if-match': now.updatedAt });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ assignedTo: 'Pat Lee', notes: 'Bring the ladder' });
    expect(applied.json().updatedAt).not.toBe(now.updatedAt);
    // A reschedule is an edit of the date too.
    const stale = await send(agent, 'PUT', `/api/inspections/${inspectionId}`, { dueDate: daysAgo(-30), rescheduleReason: 'Later' }, { 'if-match': now.updatedAt });
    expect(stale.statusCode).toBe(412);
  });

  it('is refused for a deficiency changed since, with the deficiency as it stands', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    await agent.put(`/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault', deficiencies: [{ description: 'Panel fault', severity: 'critical' }] });
    const [kept] = (await agent.get(`/api/inspections/${inspectionId}/deficiencies`)).json();
    expect(kept.updatedAt).toEqual(expect.any(String));
    expect((await agent.put(`/api/deficiencies/${kept.id}`, { description: 'Panel fault: zone 3 trouble', severity: 'critical' })).statusCode).toBe(200);
    const now = (await agent.get(`/api/deficiencies/${kept.id}`)).json();

    const refused = await send(agent, 'PUT', `/api/deficiencies/${kept.id}`, { description: 'Panel replaced?', severity: 'non_critical' }, { 'if-match': kept.updatedAt });
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({ code: 'changed_elsewhere', current: now });
    expect((await agent.get(`/api/deficiencies/${kept.id}`)).json()).toEqual(now);

    // A write that is not an edit (a correction) moves updatedAt too, so an older copy is known.
    await agent.post(`/api/deficiencies/${kept.id}/correct`, { correctedOn: today(), correctedBy: 'Ace Alarms' });
    const stale = await send(agent, 'PUT', `/api/deficiencies/${kept.id}`, { description: 'Zone 3', severity: 'critical' }, { 'if-match': now.updatedAt });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.correctedBy).toBe('Ace Alarms');
  });

  it('answers an If-Match that is not a time with 400', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    const res = await send(agent, 'PUT', `/api/inspections/${inspectionId}`, { notes: 'x' }, { 'if-match': 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['If-Match']).toBeDefined();
  });
});

describe('results are only ever added', () => {
  it('a result kept on a device while someone else completed the inspection stands beside theirs, and the property follows the later one', async () => {
    const owner = await proOwner(ctx);
    const { propertyId, inspectionId } = await propertyWithInspection(owner.agent);
    const inspector = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null }, { fullName: 'Mia Manager' });
    // The manager's device keeps its copy of the open inspection.
    const copy = (await inspector.agent.get(`/api/inspections/${inspectionId}`)).json();
    expect(copy.status).not.toBe('completed');
    // The owner completes it online: passed, two days ago.
    const theirs = await owner.agent.put(`/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', completedDate: daysAgo(2), attestation });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await owner.agent.get(`/api/properties/${propertyId}`)).json().status).toBe('compliant');

    // The manager's device, offline, recorded a failure today on its copy of the open inspection.
    const completionKey = randomUUID();
    const mine = await keyed(inspector.agent, 'PUT', `/api/inspections/${inspectionId}`, {
      status: 'completed',
      complianceStatus: 'non_compliant',
      notes: 'Horn on level 2 silent',
      completedDate: today(),
      deficiencies: [{ description: 'Horn on level 2 silent', severity: 'impairment' }],
      attestation: { accepted: true, role: 'recorder', typedName: 'Mia Manager' },
    }, completionKey, { 'if-match': copy.updatedAt });
    expect(mine.statusCode, mine.body).toBe(200);
    const added = mine.json();
    expect(added.addedAsInspectionId).toEqual(expect.any(Number));
    expect(added.addedAsInspectionId).not.toBe(inspectionId);
    expect(added).toMatchObject({ id: added.addedAsInspectionId, propertyId, inspectionType: 'fire_alarm', status: 'completed', complianceResult: 'non_compliant', completedDate: expect.stringContaining(today()), dueDate: copy.dueDate });
    expect(added.requirement?.id).toBe(theirs.json().requirement?.id);

    // Both records stand.
    expect((await owner.agent.get(`/api/inspections/${inspectionId}`)).json()).toMatchObject({ status: 'completed', complianceResult: 'compliant', completedDate: expect.stringContaining(daysAgo(2)) });
    expect((await owner.agent.get(`/api/inspections/${added.id}/deficiencies`)).json()).toHaveLength(1);
    // A deficiency the device recorded after that completion follows the result it belongs to.
    const found = await keyed(inspector.agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, { description: 'Strobe on level 3 dim', severity: 'non_critical' }, randomUUID(), {
      'depends-on': completionKey,
    });
    expect(found.statusCode, found.body).toBe(201);
    expect(found.json().inspectionId).toBe(added.id);
    expect((await owner.agent.get(`/api/inspections/${inspectionId}/deficiencies`)).json()).toHaveLength(0);
    expect(await count(`select count(*) from inspections where property_id = $1 and status = 'completed'`, [propertyId])).toBe(2);
    // The later result decides: the property is non-compliant; still one next inspection.
    expect((await owner.agent.get(`/api/properties/${propertyId}`)).json().status).toBe('non_compliant');
    expect(await count(`select count(*) from inspections where property_id = $1 and status = 'scheduled'`, [propertyId])).toBe(1);
  });

  it('a second completion sent with a key but no copy of the open inspection (another tab, a retry with a new key) is refused, not added', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId, propertyId } = await propertyWithInspection(agent);
    const copy = (await agent.get(`/api/inspections/${inspectionId}`)).json();
    const first = await keyed(agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', attestation }, randomUUID(), { 'if-match': copy.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().addedAsInspectionId).toBeUndefined();
    const again = await keyed(agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', attestation }, randomUUID());
    expect(again.statusCode, again.body).toBe(409);
    const afterCompletion = (await agent.get(`/api/inspections/${inspectionId}`)).json();
    const stillRefused = await keyed(agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', attestation }, randomUUID(), { 'if-match': afterCompletion.updatedAt });
    expect(stillRefused.statusCode, stillRefused.body).toBe(409);
    expect(await count(`select count(*) from inspections where property_id = $1 and status = 'completed'`, [propertyId])).toBe(1);
  });

  it('without a key (not a change kept on a device) completing a completed inspection is refused as before', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    await agent.put(`/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', attestation });
    const again = await agent.put(`/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'compliant', attestation });
    expect(again.statusCode).toBe(409);
  });
});

describe('a change kept for one organisation (X-Organization-Id)', () => {
  it('is refused while the session is in another organisation, nothing applied, and accepted in its own', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    const own = (await agent.get('/api/auth/me')).json().organization.id as number;
    const key = randomUUID();
    const deficiency = { description: 'Exit sign dark', severity: 'non_critical' };
    const elsewhere = await keyed(agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, deficiency, key, { 'x-organization-id': String(own + 1000) });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('wrong_organization');
    expect(await count(`select count(*) from deficiencies where inspection_id = $1`, [inspectionId])).toBe(0);
    const home = await keyed(agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, deficiency, key, { 'x-organization-id': String(own) });
    expect(home.statusCode, home.body).toBe(201);
    expect(await count(`select count(*) from deficiencies where inspection_id = $1`, [inspectionId])).toBe(1);
  });
});

describe('a change sent before the change it needs (Depends-On)', () => {
  it('is refused, nothing applied, and accepted once the earlier change has arrived', async () => {
    const { agent } = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(agent);
    const completion = randomUUID();
    const deficiency = { description: 'Horn on level 2 silent', severity: 'impairment' };
    const deficiencyKey = randomUUID();

    const early = await keyed(agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, deficiency, deficiencyKey, { 'depends-on': completion });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'out_of_order',
      message: 'This change needs an earlier change that has not reached the server yet. It is kept on your device and will be sent after it.',
    });
    expect(await count(`select count(*) from deficiencies where inspection_id = $1`, [inspectionId])).toBe(0);

    const done = await keyed(agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Horn silent', attestation }, completion);
    expect(done.statusCode, done.body).toBe(200);
    const later = await keyed(agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, deficiency, deficiencyKey, { 'depends-on': ` ${completion}, ${completion}` });
    expect(later.statusCode, later.body).toBe(201);
    expect(await count(`select count(*) from deficiencies where inspection_id = $1`, [inspectionId])).toBe(1);
  });

  it('counts only the sender\'s own accepted changes', async () => {
    const owner = await proOwner(ctx);
    const { inspectionId } = await propertyWithInspection(owner.agent);
    const theirs = randomUUID();
    await keyed(owner.agent, 'PUT', `/api/inspections/${inspectionId}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Horn silent', attestation }, theirs);
    const other = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null });
    const res = await send(other.agent, 'POST', `/api/inspections/${inspectionId}/deficiencies`, { description: 'Horn', severity: 'impairment' }, { 'depends-on': theirs });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('out_of_order');
  });
});
