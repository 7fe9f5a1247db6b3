import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { createDeviceSchema, type CreateDeviceInput } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { withTransaction } from '../../db/transaction';
import { addMember, organizationOf, proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { createDevices } from '../devices/devices.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const today = () => todayInTimeZone('UTC');
const attestation = { accepted: true, role: 'recorder', typedName: 'Olive Owner' };

/** Four extinguishers on two floors, added in an order that is not the walking order. */
const EXTINGUISHERS: CreateDeviceInput[] = [
  { itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', tag: 'EXT-201', location: { building: 'A', floor: '2', description: 'By stair B door' } },
  { itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', tag: 'EXT-101', location: { building: 'A', floor: '1', room: 'Lobby' } },
  { itemType: 'fire_extinguisher', subtype: 'co2', rating: '10 lb', tag: 'EXT-102', location: { building: 'A', floor: '1', room: 'Kitchen' } },
  { itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', tag: 'EXT-202', location: { building: 'A', floor: '2', room: '210' } },
];

let properties = 0;

/**
 * A property of the agent's organisation with devices, and the id of its monthly extinguisher
 * inspection. Tags are unique across Firemark, so each property's end in its own number:
 * `tag('EXT-201')` is the tag as stored, `byTag['EXT-201']` the device's id.
 */
async function propertyWithDevices(agent: Agent, devices: CreateDeviceInput[] = EXTINGUISHERS) {
  const organization = await organizationOf(agent);
  const property = await createProperty(ctx.runtime.db, organization.id, { name: 'Harbor View' });
  const suffix = ++properties;
  const tag = (base: string) => `${base}-${suffix}`;
  const ids = await withTransaction(ctx.runtime.pool, ({ db }) =>
    createDevices(db, { organizationId: organization.id, propertyId: property.id, today: today() }, devices.map((d) => createDeviceSchema.parse({ ...d, tag: tag(d.tag!) }))),
  );
  const requirements = (await agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; activity: string }[];
  const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
  const byTag = Object.fromEntries(devices.map((d, i) => [d.tag!, ids[i]!]));
  return { organization, property, monthlyId: monthly.id, byTag, tag };
}

async function startedWalk() {
  const owner = await proOwner(ctx);
  const setup = await propertyWithDevices(owner.agent);
  const started = await owner.agent.post(`/api/properties/${setup.property.id}/walkthroughs`, { requirementId: setup.monthlyId });
  expect(started.statusCode, started.body).toBe(201);
  return { ...owner, ...setup, walk: started.json() };
}

const tap = (agent: Agent, walkId: number, deviceId: number, body: Record<string, unknown>) =>
  agent.put(`/api/walkthroughs/${walkId}/results/${deviceId}`, { clientId: randomUUID(), ...body });

const deviceClock = async (deviceId: number, requirementId: number) => {
  const result = await ctx.runtime.db.execute<{ last_done_on: string | null; last_result: string | null; next_due_date: string | null; month_later: string | null }>(sql`
    select to_char(last_done_on, 'YYYY-MM-DD') as last_done_on, last_result, to_char(next_due_date, 'YYYY-MM-DD') as next_due_date,
      to_char(last_done_on + interval '1 month', 'YYYY-MM-DD') as month_later
    from device_requirements where device_id = ${deviceId} and requirement_id = ${requirementId}`);
  return result.rows[0]!;
};

describe('walk-throughs', () => {
  it('start with the devices in walking order and the checklist of the activity with its source; a second person resumes the same walk', async () => {
    const { agent, property, monthlyId, walk, tag } = await startedWalk();
    expect(walk).toMatchObject({ propertyName: 'Harbor View', activity: 'Monthly visual inspection', itemType: 'fire_extinguisher', status: 'open', startedBy: 'Olive Owner' });
    expect(walk.devices.map((d: { tag: string }) => d.tag)).toEqual(['EXT-101', 'EXT-102', 'EXT-201', 'EXT-202'].map(tag));
    expect(walk.devices[2]).toMatchObject({ building: 'A', floor: '2', description: 'By stair B door', rating: '5 lb', tap: null });
    expect(walk.progress).toEqual({ total: 4, done: 0, passed: 0, failed: 0, notAccessible: 0 });
    expect(walk.checklistSource).toContain('NFPA 10 (2022) 7.2.2');
    expect(walk.checklist.map((c: { label: string }) => c.label)).toContain('Pressure gauge not in the operable range');
    expect(walk.checklist.at(-1)).toEqual({ key: 'other', label: 'Other (describe)' });
    const inspection = (await agent.get(`/api/inspections/${walk.inspectionId}`)).json();
    expect(inspection).toMatchObject({ status: 'in_progress', dueDate: today(), requirement: { id: monthlyId } });

    const manager = await addMember(ctx, agent, { role: 'manager', propertyIds: null }, { fullName: 'Max Manager' });
    const resumed = await manager.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ id: walk.id, inspectionId: walk.inspectionId, startedBy: 'Olive Owner' });
    const open = (await manager.agent.get(`/api/properties/${property.id}/walkthroughs`)).json();
    expect(open).toMatchObject([{ id: walk.id, progress: { total: 4, done: 0 } }]);
  });

  it('adopt the open inspection of the activity, and are not held by the Free plan’s one open inspection', async () => {
    const owner = await ctx.signedIn({ fullName: 'Fay Free' });
    const { property, monthlyId } = await propertyWithDevices(owner.agent);
    const started = await owner.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId });
    expect(started.statusCode, started.body).toBe(201);
    expect((await owner.agent.get(`/api/inspections/${started.json().inspectionId}`)).json()).toMatchObject({ status: 'in_progress', assignedTo: 'Fay Free' });
    // The walk's inspection is not the Free plan's one open inspection: that one is still free.
    expect((await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Kim Lee' })).statusCode).toBe(201);
    expect((await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'sprinkler_system', dueDate: today(), assignedTo: 'Kim Lee' })).statusCode).toBe(403);
    // And with it taken, a walk of another activity still starts.
    const requirements = (await owner.agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; activity: string }[];
    const annual = requirements.find((r) => r.activity === 'Annual maintenance')!;
    expect((await owner.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: annual.id })).statusCode).toBe(201);

    const pro = await proOwner(ctx);
    const other = await propertyWithDevices(pro.agent);
    const scheduled = (await pro.agent.post('/api/inspections', { propertyId: other.property.id, inspectionType: 'fire_extinguisher', requirementId: other.monthlyId, dueDate: today(), assignedTo: 'Kim Lee' })).json();
    const adopted = (await pro.agent.post(`/api/properties/${other.property.id}/walkthroughs`, { requirementId: other.monthlyId })).json();
    expect(adopted.inspectionId).toBe(scheduled.id);
    expect((await pro.agent.get(`/api/inspections/${scheduled.id}`)).json()).toMatchObject({ status: 'in_progress', assignedTo: 'Kim Lee' });
  });

  it('end when their inspection is cancelled on its own page, and start afresh', async () => {
    const { agent, property, monthlyId, walk, byTag } = await startedWalk();
    const cancelled = await agent.put(`/api/inspections/${walk.inspectionId}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await tap(agent, walk.id, byTag['EXT-101']!, { result: 'pass' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe("This walk-through's inspection was completed or cancelled elsewhere. Start the walk-through again.");
    const again = await agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(walk.id);
    expect(again.json().inspectionId).not.toBe(walk.inspectionId);
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().status).toBe('abandoned');
  });

  it('end when their inspection is completed on its own page: finishing says why, and starting again opens a new walk', async () => {
    const { agent, property, monthlyId, walk, byTag } = await startedWalk();
    expect((await tap(agent, walk.id, byTag['EXT-101']!, { result: 'pass' })).statusCode).toBe(200);
    const completed = await agent.put(`/api/inspections/${walk.inspectionId}`, { status: 'completed', complianceStatus: 'compliant', completedDate: today() });
    expect(completed.statusCode, completed.body).toBe(200);
    const refused = await agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe("This walk-through's inspection was completed or cancelled elsewhere. Start the walk-through again.");
    const again = await agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'open', progress: { done: 0 } });
    expect(again.json().inspectionId).not.toBe(walk.inspectionId);
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().status).toBe('abandoned');
  });

  it('answer an old tap sent again with the tap that stands, applying nothing again', async () => {
    const { agent, property, walk, byTag } = await startedWalk();
    const device = byTag['EXT-101']!;
    const pass = { clientId: randomUUID(), result: 'pass' };
    expect((await agent.put(`/api/walkthroughs/${walk.id}/results/${device}`, pass)).statusCode).toBe(200);
    const failed = await tap(agent, walk.id, device, { result: 'fail', failedChecks: ['pressure'], severity: 'impairment' });
    expect(failed.statusCode, failed.body).toBe(200);
    // The Pass's answer was lost and the phone sends it again, after the Fail.
    const resent = await agent.put(`/api/walkthroughs/${walk.id}/results/${device}`, pass);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual(failed.json());
    expect((await agent.get(`/api/deficiencies/${failed.json().deficiencyId}`)).statusCode).toBe(200);
    const item = (await agent.get(`/api/properties/${property.id}`)).json().complianceItems.find((i: { itemType: string }) => i.itemType === 'fire_extinguisher');
    expect(item.status).toBe('non_compliant');
    // Cleared since: the old tap does not come back.
    expect((await agent.delete(`/api/walkthroughs/${walk.id}/results/${device}`)).statusCode).toBe(204);
    const cleared = await agent.put(`/api/walkthroughs/${walk.id}/results/${device}`, pass);
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toBe('This tap was cleared after it was sent. Tap the device again.');
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().progress.done).toBe(0);
  });

  it('refuse a tap id another organisation used, saying so', async () => {
    const first = await startedWalk();
    const body = { clientId: randomUUID(), result: 'pass' };
    expect((await first.agent.put(`/api/walkthroughs/${first.walk.id}/results/${first.byTag['EXT-101']}`, body)).statusCode).toBe(200);
    const second = await startedWalk();
    const refused = await second.agent.put(`/api/walkthroughs/${second.walk.id}/results/${second.byTag['EXT-101']}`, body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('This tap id was already used for another tap. Send the tap with a new id.');
    expect((await second.agent.get(`/api/walkthroughs/${second.walk.id}`)).json().progress.done).toBe(0);
  });

  it('show a Fail in the device’s history with the checklist’s words', async () => {
    const { agent, walk, byTag } = await startedWalk();
    const device = byTag['EXT-201']!;
    await tap(agent, walk.id, device, { result: 'fail', failedChecks: ['pressure', 'other'], description: 'Hose cracked', severity: 'impairment' });
    const history = (await agent.get(`/api/devices/${device}/history`)).json() as { kind: string; summary: string }[];
    expect(history.find((e) => e.kind === 'result')?.summary).toBe('Fail (Pressure gauge not in the operable range; Other)');
  });

  it('record a tap once when it is sent twice', async () => {
    const { agent, walk, byTag } = await startedWalk();
    const body = { clientId: randomUUID(), result: 'pass' };
    const first = await agent.put(`/api/walkthroughs/${walk.id}/results/${byTag['EXT-101']}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ deviceId: byTag['EXT-101'], result: 'pass', recordedBy: 'Olive Owner', deficiencyId: null });
    const again = await agent.put(`/api/walkthroughs/${walk.id}/results/${byTag['EXT-101']}`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().progress).toEqual({ total: 4, done: 1, passed: 1, failed: 0, notAccessible: 0 });
    // The same tap id for another device is not a resend.
    expect((await agent.put(`/api/walkthroughs/${walk.id}/results/${byTag['EXT-102']}`, body)).statusCode).toBe(409);
    // Sent twice at the same moment (a retry racing the first): one tap, the same answer.
    const racing = { clientId: randomUUID(), result: 'fail', failedChecks: ['access'], severity: 'critical' };
    const [one, two] = await Promise.all([0, 1].map(() => agent.put(`/api/walkthroughs/${walk.id}/results/${byTag['EXT-102']}`, racing)));
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 200]);
    expect(two!.json()).toEqual(one!.json());
    const rows = await ctx.runtime.db.execute(sql`select 1 from walkthrough_results where walkthrough_id = ${walk.id}`);
    expect(rows.rows).toHaveLength(2);
    const opened = await ctx.runtime.db.execute(sql`select 1 from deficiencies where inspection_id = ${walk.inspectionId}`);
    expect(opened.rows).toHaveLength(1);
  });

  it('open a deficiency naming the device and the failed checks on a Fail, sent twice once, and remove it when the Fail becomes a Pass', async () => {
    const { agent, property, walk, byTag, tag } = await startedWalk();
    const device = byTag['EXT-201']!;
    const failBody = { clientId: randomUUID(), result: 'fail', failedChecks: ['pressure', 'seals'], severity: 'impairment', correctiveAction: 'Recharge and reseal' };
    const failed = await agent.put(`/api/walkthroughs/${walk.id}/results/${device}`, failBody);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ result: 'fail', failedChecks: ['pressure', 'seals'] });
    expect((await agent.put(`/api/walkthroughs/${walk.id}/results/${device}`, failBody)).json()).toEqual(failed.json());
    const deficiencyId = failed.json().deficiencyId as number;
    expect((await agent.get(`/api/deficiencies/${deficiencyId}`)).json()).toMatchObject({
      inspectionId: walk.inspectionId,
      itemType: 'fire_extinguisher',
      description: 'Pressure gauge not in the operable range; Safety seal or tamper indicator broken or missing',
      severity: 'impairment',
      location: `Tag ${tag('EXT-201')} · A · Floor 2 · By stair B door`,
      correctiveAction: 'Recharge and reseal',
      correctedOn: null,
    });
    const rows = await ctx.runtime.db.execute<{ device_id: number }>(sql`select device_id from deficiencies where inspection_id = ${walk.inspectionId}`);
    expect(rows.rows).toEqual([{ device_id: device }]);
    const item = async () => (await agent.get(`/api/properties/${property.id}`)).json().complianceItems.find((i: { itemType: string }) => i.itemType === 'fire_extinguisher');
    expect((await item()).status).toBe('non_compliant');

    const passed = await tap(agent, walk.id, device, { result: 'pass' });
    expect(passed.json()).toMatchObject({ result: 'pass', deficiencyId: null, failedChecks: [] });
    expect((await agent.get(`/api/deficiencies/${deficiencyId}`)).statusCode).toBe(404);
    expect((await item()).status).not.toBe('non_compliant');

    // Cleared, the device is not reached.
    expect((await agent.delete(`/api/walkthroughs/${walk.id}/results/${device}`)).statusCode).toBe(204);
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().progress.done).toBe(0);
  });

  it('answer bad input with 400 and the field that is wrong: the activity to start, the tap id, the attestation; an id that is not a number is not found', async () => {
    const { agent, walk, byTag, property } = await startedWalk();
    const start = await agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: 'monthly' });
    expect(start.statusCode).toBe(400);
    expect(Object.keys(start.json().fieldErrors)).toEqual(['requirementId']);
    const noId = await agent.put(`/api/walkthroughs/${walk.id}/results/${byTag['EXT-101']!}`, { clientId: 'not-a-uuid', result: 'pass' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fieldErrors).toEqual({ clientId: ['Each tap needs the id the app made for it'] });
    const badResult = await tap(agent, walk.id, byTag['EXT-101']!, { result: 'maybe' });
    expect(badResult.json().fieldErrors).toEqual({ result: ['Choose pass, fail or not accessible'] });
    const unsigned = await agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation: { accepted: false, typedName: '' } });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().fieldErrors).toMatchObject({ 'attestation.accepted': ['Tick the statement to attest the inspection'], 'attestation.typedName': ['Type your full name to attest'] });
    // An id that is not a number names nothing, as everywhere in the API.
    expect((await agent.get('/api/walkthroughs/abc')).json().message).toBe('Walk-through not found');
    expect((await agent.put(`/api/walkthroughs/${walk.id}/results/abc`, { clientId: randomUUID(), result: 'pass' })).statusCode).toBe(404);
  });

  it('ask a reason for Not accessible, a known check and a severity for a Fail, and words for Other', async () => {
    const { agent, walk, byTag } = await startedWalk();
    const device = byTag['EXT-101']!;
    const noReason = await tap(agent, walk.id, device, { result: 'not_accessible' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: ['Say why it could not be reached'] });
    expect((await tap(agent, walk.id, device, { result: 'fail', failedChecks: ['pressure'] })).json().fieldErrors).toEqual({ severity: ['Choose critical, impairment or non-critical'] });
    expect((await tap(agent, walk.id, device, { result: 'fail', failedChecks: ['wheels'], severity: 'critical' })).json().fieldErrors).toEqual({ failedChecks: ['Not a check of this activity: wheels'] });
    expect((await tap(agent, walk.id, device, { result: 'fail', failedChecks: ['other'], severity: 'critical' })).json().fieldErrors).toEqual({ description: ['Describe what was found'] });
    const locked = await tap(agent, walk.id, device, { result: 'not_accessible', reason: 'Kitchen locked' });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ result: 'not_accessible', reason: 'Kitchen locked' });
    expect((await tap(agent, walk.id, 999_999, { result: 'pass' })).statusCode).toBe(404);
    await ctx.runtime.db.execute(sql`update devices set status = 'out_of_service', status_reason = 'Sent for recharge' where id = ${byTag['EXT-202']!}`);
    expect((await tap(agent, walk.id, byTag['EXT-202']!, { result: 'pass' })).json().message).toBe('This device is not in service, so it is not part of the walk.');
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json().progress.total).toBe(3);
  });

  it('finish with one completed inspection and its attestation, move the reached devices’ clocks only, and answer the same when sent twice', async () => {
    const { agent, walk, byTag, monthlyId, tag } = await startedWalk();
    expect((await agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation })).statusCode).toBe(409);
    await tap(agent, walk.id, byTag['EXT-101']!, { result: 'pass' });
    await tap(agent, walk.id, byTag['EXT-102']!, { result: 'fail', failedChecks: ['other'], description: 'Hose cracked', severity: 'non_critical' });
    await tap(agent, walk.id, byTag['EXT-201']!, { result: 'not_accessible', reason: 'Stair B closed for painting' });

    // Sent twice at once (a retry racing the first): one completion, the same answer to both.
    const [finished, raced] = await Promise.all([0, 1].map(() => agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation, notes: 'Monthly round' })));
    expect(finished!.statusCode, finished!.body).toBe(200);
    expect(raced!.json()).toEqual(finished!.json());
    expect(finished!.json()).toMatchObject({
      inspectionId: walk.inspectionId,
      result: 'non_compliant',
      notReached: 1,
      walkthrough: { id: walk.id, status: 'finished', progress: { total: 4, done: 3, passed: 1, failed: 1, notAccessible: 1 } },
    });
    const next = finished!.json().nextInspectionId as number;
    expect(next).toBeGreaterThan(walk.inspectionId);
    expect((await agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation })).json()).toEqual(finished!.json());

    const inspection = (await agent.get(`/api/inspections/${walk.inspectionId}`)).json();
    expect(inspection).toMatchObject({ status: 'completed', complianceResult: 'non_compliant', attestation: { role: 'recorder', typedName: 'Olive Owner' }, deficiencyCount: 1 });
    expect(inspection.completionNotes).toBe(
      `Monthly round\n${tag('EXT-102')} (A · Floor 1 · Kitchen). Fail: Hose cracked\n${tag('EXT-201')} (A · Floor 2 · By stair B door). Not accessible: Stair B closed for painting`,
    );
    expect((await agent.get(`/api/inspections/${next}`)).json()).toMatchObject({ status: 'scheduled', requirement: { id: monthlyId } });
    const completed = await ctx.runtime.db.execute(sql`select 1 from inspections where requirement_id = ${monthlyId} and status = 'completed'`);
    expect(completed.rows).toHaveLength(1);

    const passed = await deviceClock(byTag['EXT-101']!, monthlyId);
    expect(passed).toMatchObject({ last_done_on: today(), last_result: 'compliant', next_due_date: passed.month_later });
    expect(await deviceClock(byTag['EXT-102']!, monthlyId)).toMatchObject({ last_done_on: today(), last_result: 'non_compliant' });
    for (const tag of ['EXT-201', 'EXT-202']) expect(await deviceClock(byTag[tag]!, monthlyId)).toMatchObject({ last_done_on: null, last_result: null });

    expect((await tap(agent, walk.id, byTag['EXT-202']!, { result: 'pass' })).statusCode).toBe(409);
    expect((await agent.get(`/api/properties/${walk.propertyId}/walkthroughs`)).json()).toEqual([]);

    // Its inspection is the record of the devices' results and dates: it is corrected, not deleted.
    const deleted = await agent.delete(`/api/inspections/${walk.inspectionId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe("A walk-through recorded this inspection, and its devices' history and dates come from it. Correct its result or notes instead, so the record is kept.");
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json()).toMatchObject({ status: 'finished', progress: { done: 3 } });
    expect((await agent.get(`/api/devices/${byTag['EXT-101']}/history`)).json()).toContainEqual(expect.objectContaining({ kind: 'result', summary: 'Pass' }));
  });

  it('are walked and finished by an inspector given the property, who takes the scheduled inspection as theirs', async () => {
    const owner = await proOwner(ctx);
    const { property, monthlyId, byTag } = await propertyWithDevices(owner.agent);
    const scheduled = (await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_extinguisher', requirementId: monthlyId, dueDate: today(), assignedTo: 'Kim Lee' })).json();
    const inspector = await addMember(ctx, owner.agent, { role: 'inspector', propertyIds: [property.id] }, { fullName: 'Ines Inspector' });
    const started = await inspector.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId });
    expect(started.statusCode, started.body).toBe(201);
    const walk = started.json();
    expect(walk.inspectionId).toBe(scheduled.id);
    const failed = await tap(inspector.agent, walk.id, byTag['EXT-101']!, { result: 'fail', failedChecks: ['fullness'], severity: 'impairment' });
    expect(failed.statusCode, failed.body).toBe(200);
    const finished = await inspector.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation: { accepted: true, role: 'performer', typedName: 'Ines Inspector' } });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ result: 'non_compliant', notReached: 3 });
    expect((await owner.agent.get(`/api/inspections/${scheduled.id}`)).json()).toMatchObject({
      status: 'completed',
      inspector: { name: 'Ines Inspector' },
      attestation: { role: 'performer', performedBy: 'Ines Inspector' },
    });
  });

  it('come back with their devices, taps and deficiencies when the deletion of their property is undone', async () => {
    const { agent, property, walk, byTag } = await startedWalk();
    const failed = (await tap(agent, walk.id, byTag['EXT-101']!, { result: 'fail', failedChecks: ['access'], severity: 'critical' })).json();
    await tap(agent, walk.id, byTag['EXT-102']!, { result: 'pass' });
    const before = (await agent.get(`/api/walkthroughs/${walk.id}`)).json();
    const deleted = await agent.delete(`/api/properties/${property.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).statusCode).toBe(404);
    expect((await agent.post(`/api/undo/${deleted.headers['x-undo-token'] as string}`, {})).statusCode).toBe(200);
    expect((await agent.get(`/api/walkthroughs/${walk.id}`)).json()).toEqual(before);
    expect((await agent.get(`/api/deficiencies/${failed.deficiencyId}`)).json()).toMatchObject({ description: 'Access obstructed' });
  });

  it('belong to their organisation (404 elsewhere) and need the permission to complete inspections (403 for a viewer)', async () => {
    const { agent, property, walk, byTag, monthlyId } = await startedWalk();
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.get(`/api/walkthroughs/${walk.id}`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/properties/${property.id}/walkthroughs`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId })).statusCode).toBe(404);
    expect((await tap(stranger.agent, walk.id, byTag['EXT-101']!, { result: 'pass' })).statusCode).toBe(404);
    expect((await stranger.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation })).statusCode).toBe(404);

    const viewer = await addMember(ctx, agent, { role: 'viewer', propertyIds: null }, { fullName: 'Vic Viewer' });
    expect((await viewer.agent.get(`/api/walkthroughs/${walk.id}`)).statusCode).toBe(200);
    expect((await viewer.agent.post(`/api/properties/${property.id}/walkthroughs`, { requirementId: monthlyId })).statusCode).toBe(403);
    expect((await tap(viewer.agent, walk.id, byTag['EXT-101']!, { result: 'pass' })).statusCode).toBe(403);
    expect((await viewer.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation })).statusCode).toBe(403);

    // A manager given another property does not reach this one.
    const elsewhere = await createProperty(ctx.runtime.db, (await organizationOf(agent)).id, { name: 'Elsewhere' });
    const limited = await addMember(ctx, agent, { role: 'manager', propertyIds: [elsewhere.id] }, { fullName: 'Lee Limited' });
    expect((await limited.agent.get(`/api/walkthroughs/${walk.id}`)).statusCode).toBe(404);
    expect((await tap(limited.agent, walk.id, byTag['EXT-101']!, { result: 'pass' })).statusCode).toBe(404);
  });
});
