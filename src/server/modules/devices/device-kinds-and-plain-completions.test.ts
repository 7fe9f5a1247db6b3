import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNDO_TOKEN_HEADER } from '@shared/undo';
import type { DeviceRequirementResponse, DeviceResponse } from '@shared/schemas/device';
import { createProperty } from '../../db/seed/properties';
import { setNow } from '../../testing/clock';
import { proOwner } from '../../testing/team';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';

/**
 * Decision 042, "What counts for a device": a unit of a kind its item's answers left out adds
 * its kind to them (so it gets the clocks of its kind), and a plain completion of an activity
 * counts for every unit in service, read from the inspection so that undoing or deleting it
 * puts the units' clocks back; a walk-through's own inspection counts only for the units it reached.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const TODAY = '2026-04-10';
let tags = 0;

async function owned() {
  setNow(`${TODAY}T12:00:00Z`);
  const owner = await proOwner(ctx, { fullName: 'Jordan Lee' });
  const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Harbor View' });
  const agent = owner.agent;
  const added = async (body: Record<string, unknown>) => {
    const res = await agent.post(`/api/properties/${property.id}/devices`, { itemType: 'fire_extinguisher', tag: `KIND-${++tags}-${property.id}`, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeviceResponse;
  };
  const clocks = async (id: number) => {
    const res = await agent.get(`/api/devices/${id}/requirements`);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json() as DeviceRequirementResponse[]).map((r) => [r.activity, r]));
  };
  const requirements = async () =>
    Object.fromEntries(
      ((await agent.get(`/api/properties/${property.id}/requirements`)).json() as { id: number; activity: string; active: boolean; nextDueDate: string | null }[]).map((r) => [
        r.activity,
        r,
      ]),
    );
  const answer = async (answers: Record<string, string[]>) => {
    const res = await agent.put(`/api/properties/${property.id}/safety-items/fire_extinguisher/answers`, { answers });
    expect(res.statusCode, res.body).toBe(200);
  };
  const item = async () => {
    const body = (await agent.get(`/api/properties/${property.id}`)).json();
    return body.complianceItems.find((i: { itemType: string }) => i.itemType === 'fire_extinguisher') as { status: string; nextDueDate: string | null };
  };
  /** A plain completion (the inspection dialog) of one activity: scheduled, then completed. */
  const complete = async (requirementId: number, complianceStatus = 'compliant') => {
    const scheduled = await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_extinguisher', requirementId, dueDate: TODAY, assignedTo: 'Kim Lee' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const done = await agent.put(`/api/inspections/${scheduled.json().id}`, { status: 'completed', complianceStatus, notes: complianceStatus === 'compliant' ? undefined : 'Two units low on pressure' });
    expect(done.statusCode, done.body).toBe(200);
    return { id: scheduled.json().id as number, undoToken: done.headers[UNDO_TOKEN_HEADER.toLowerCase()] as string };
  };
  return { owner, agent, property, added, clocks, requirements, answer, item, complete };
}

describe('a device of a kind the answers left out', () => {
  it('adds its kind to the item’s answers, so the 5-year test applies again to the item and the unit, with the change recorded', async () => {
    const s = await owned();
    await s.added({ subtype: 'dry_chemical', manufacturedOn: '2019-04' });
    await s.answer({ agents: ['dry_chemical'], recharge: ['rechargeable'] });
    expect((await s.requirements())['5-year hydrostatic test']).toMatchObject({ active: false });

    const co2 = await s.added({ subtype: 'co2', manufacturedOn: '2020-02' });
    const answers = (await s.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`)).json();
    expect(answers.questions.find((q: { key: string }) => q.key === 'agents').answer).toEqual(['dry_chemical', 'co2']);
    // The question answered with one kind only is left as it was.
    expect(answers.questions.find((q: { key: string }) => q.key === 'recharge').answer).toEqual(['rechargeable']);

    const fiveYear = (await s.requirements())['5-year hydrostatic test']!;
    expect(fiveYear).toMatchObject({ active: true });
    const clocks = await s.clocks(co2.id);
    // NFPA 10 (2022) Table 8.3.1: CO2 every 5 years from manufacture, due by the end of its month.
    expect(clocks['5-year hydrostatic test']).toMatchObject({ countsFrom: 'manufacture', nextDueDate: '2025-02-28' });
    expect(clocks['12-year hydrostatic test']).toBeUndefined();
    expect(co2.nextDueDate).toBe('2025-02-28');
    expect((await s.item()).nextDueDate).toBe('2025-02-28');

    const changes = await ctx.runtime.db.execute<{ kind: string; detail: string; changed_by: string }>(
      sql`select kind, detail, changed_by from requirement_changes where requirement_id = ${fiveYear.id} order by id`,
    );
    expect(changes.rows.at(-1)).toMatchObject({ kind: 'applicable', changed_by: 'Jordan Lee' });
    expect(changes.rows.at(-1)!.detail).toMatch(/^Applies again: .*Carbon dioxide \(CO2\).*; a device of this kind was added$/);
  });

  it('adds the kind a device is changed to, and never takes answers away when a device goes', async () => {
    const s = await owned();
    const unit = await s.added({ subtype: 'dry_chemical', manufacturedOn: '2019-04' });
    await s.answer({ agents: ['dry_chemical'] });
    const changed = await s.agent.put(`/api/devices/${unit.id}`, { subtype: 'water' });
    expect(changed.statusCode, changed.body).toBe(200);
    const agents = async () =>
      (await s.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`)).json().questions.find((q: { key: string }) => q.key === 'agents').answer;
    expect(await agents()).toEqual(['dry_chemical', 'water']);
    expect((await s.clocks(unit.id))['5-year hydrostatic test']).toMatchObject({ nextDueDate: '2024-04-30' });

    expect((await s.agent.delete(`/api/devices/${unit.id}`)).statusCode).toBe(204);
    expect(await agents()).toEqual(['dry_chemical', 'water']);
  });

  it('widens the answers from several units added at once and from an import', async () => {
    const s = await owned();
    await s.added({ subtype: 'dry_chemical' });
    await s.answer({ agents: ['dry_chemical'] });
    const bulk = await s.agent.post(`/api/properties/${s.property.id}/devices/bulk`, { itemType: 'fire_extinguisher', count: 2, subtype: 'foam' });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const imported = await s.agent.post(`/api/properties/${s.property.id}/devices/import`, {
      rows: [{ itemType: 'Fire extinguisher', subtype: 'co2', tag: `IMP-${s.property.id}` }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const answers = (await s.agent.get(`/api/properties/${s.property.id}/safety-items/fire_extinguisher/answers`)).json();
    expect(answers.questions.find((q: { key: string }) => q.key === 'agents').answer).toEqual(['dry_chemical', 'co2', 'foam']);
  });
});

describe('a plain completion', () => {
  /** Three rechargeable dry chemical units made in 2024, every activity of theirs known. */
  async function threeUnits() {
    const s = await owned();
    const units = [await s.added({ subtype: 'dry_chemical', manufacturedOn: '2024-01' })];
    await s.answer({ agents: ['dry_chemical'], recharge: ['rechargeable'] });
    units.push(await s.added({ subtype: 'dry_chemical', manufacturedOn: '2024-01' }), await s.added({ subtype: 'dry_chemical', manufacturedOn: '2024-01' }));
    return { ...s, units };
  }

  it('counts for every unit in service: the annual maintenance next due a year later on each, and the item compliant', async () => {
    const s = await threeUnits();
    const out = await s.added({ subtype: 'dry_chemical', manufacturedOn: '2024-01' });
    expect((await s.agent.put(`/api/devices/${out.id}`, { status: 'out_of_service', statusReason: 'Sent for recharge' })).statusCode).toBe(200);
    const requirements = await s.requirements();
    for (const activity of ['Monthly visual inspection', '6-year internal examination', '12-year hydrostatic test']) await s.complete(requirements[activity]!.id);
    expect((await s.item()).nextDueDate).toBe(TODAY);

    await s.complete(requirements['Annual maintenance']!.id);
    for (const unit of s.units) {
      expect((await s.clocks(unit.id))['Annual maintenance']).toMatchObject({ lastDoneOn: TODAY, lastResult: 'compliant', nextDueDate: '2027-04-10' });
      const device = (await s.agent.get(`/api/devices/${unit.id}`)).json() as DeviceResponse;
      expect(device).toMatchObject({ lastInspectedOn: TODAY, compliance: 'compliant', nextDueDate: '2026-05-10' });
    }
    // The unit out of service was not maintained with the others.
    expect((await s.clocks(out.id))['Annual maintenance']).toMatchObject({ lastDoneOn: null, nextDueDate: TODAY });
    // Out of service makes the item non-compliant (decision 042); back in service it is compliant.
    expect((await s.agent.put(`/api/devices/${out.id}`, { status: 'removed' })).statusCode).toBe(200);
    expect(await s.item()).toMatchObject({ status: 'compliant', nextDueDate: '2026-05-10' });

    // The public tag page shows the months of the last inspection and maintenance.
    const tag = (await s.agent.get(`/api/tags/${s.units[0]!.tag}`)).json();
    expect(tag).toMatchObject({ lastInspectedMonth: '2026-04', lastMaintainedMonth: '2026-04', nextDueMonth: '2026-05' });
  });

  it('puts the units’ clocks back when it is undone or deleted', async () => {
    const s = await threeUnits();
    const annual = (await s.requirements())['Annual maintenance']!;
    const before = await s.clocks(s.units[0]!.id);
    expect(before['Annual maintenance']).toMatchObject({ lastDoneOn: null, nextDueDate: TODAY });

    const done = await s.complete(annual.id);
    expect((await s.clocks(s.units[0]!.id))['Annual maintenance']).toMatchObject({ nextDueDate: '2027-04-10' });
    expect((await s.agent.post(`/api/undo/${done.undoToken}`, {})).statusCode).toBe(200);
    for (const unit of s.units) expect((await s.clocks(unit.id))['Annual maintenance']).toEqual({ ...before['Annual maintenance'], id: expect.any(Number) });

    const again = await s.complete(annual.id, 'non_compliant');
    expect((await s.clocks(s.units[1]!.id))['Annual maintenance']).toMatchObject({ lastDoneOn: TODAY, lastResult: 'non_compliant', nextDueDate: '2027-04-10' });
    expect((await s.agent.get(`/api/devices/${s.units[1]!.id}`)).json()).toMatchObject({ compliance: 'non_compliant' });
    expect((await s.agent.delete(`/api/inspections/${again.id}`)).statusCode).toBe(200);
    for (const unit of s.units) expect((await s.clocks(unit.id))['Annual maintenance']).toEqual({ ...before['Annual maintenance'], id: expect.any(Number) });
  });

  it('is not a walk-through: a walk reaching 2 of 3 units leaves the third due, and a later plain completion then counts for all', async () => {
    const s = await threeUnits();
    const monthly = (await s.requirements())['Monthly visual inspection']!;
    // A new item's monthly inspection is due a month after it was added; each unit joins that round.
    expect((await s.clocks(s.units[2]!.id))['Monthly visual inspection']).toMatchObject({ lastDoneOn: null, nextDueDate: '2026-05-10' });
    setNow('2026-04-20T12:00:00Z');
    const started = await s.agent.post(`/api/properties/${s.property.id}/walkthroughs`, { requirementId: monthly.id });
    expect(started.statusCode, started.body).toBe(201);
    const walk = started.json();
    for (const unit of s.units.slice(0, 2)) {
      const tapped = await s.agent.put(`/api/walkthroughs/${walk.id}/results/${unit.id}`, { clientId: randomUUID(), result: 'pass' });
      expect(tapped.statusCode, tapped.body).toBe(200);
    }
    const finished = await s.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation: { accepted: true, role: 'recorder', typedName: 'Jordan Lee' } });
    expect(finished.statusCode, finished.body).toBe(200);
    for (const unit of s.units.slice(0, 2)) {
      expect((await s.clocks(unit.id))['Monthly visual inspection']).toMatchObject({ lastDoneOn: '2026-04-20', lastResult: 'compliant', nextDueDate: '2026-05-20' });
    }
    // The walk's own inspection is not a plain completion: the unit it did not reach stays due.
    expect((await s.clocks(s.units[2]!.id))['Monthly visual inspection']).toMatchObject({ lastDoneOn: null, lastResult: null, nextDueDate: '2026-05-10' });
    expect((await s.agent.get(`/api/devices/${s.units[2]!.id}`)).json()).toMatchObject({ lastInspectedOn: null, nextDueDate: '2026-04-10' });

    setNow('2026-04-25T12:00:00Z');
    const scheduled = (await s.agent.get(`/api/inspections/${finished.json().nextInspectionId}`)).json();
    const done = await s.agent.put(`/api/inspections/${scheduled.id}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(done.statusCode, done.body).toBe(200);
    for (const unit of s.units) expect((await s.clocks(unit.id))['Monthly visual inspection']).toMatchObject({ lastDoneOn: '2026-04-25', nextDueDate: '2026-05-25' });
  });

  it('counts a walk’s inspection completed on its own page, before the walk finished, for every unit: that walk ended', async () => {
    const s = await threeUnits();
    const monthly = (await s.requirements())['Monthly visual inspection']!;
    setNow('2026-04-20T12:00:00Z');
    const walk = (await s.agent.post(`/api/properties/${s.property.id}/walkthroughs`, { requirementId: monthly.id })).json();
    const tapped = await s.agent.put(`/api/walkthroughs/${walk.id}/results/${s.units[0]!.id}`, { clientId: randomUUID(), result: 'pass' });
    expect(tapped.statusCode, tapped.body).toBe(200);
    const done = await s.agent.put(`/api/inspections/${walk.inspectionId}`, { status: 'completed', complianceStatus: 'compliant' });
    expect(done.statusCode, done.body).toBe(200);
    for (const unit of s.units) expect((await s.clocks(unit.id))['Monthly visual inspection']).toMatchObject({ lastDoneOn: '2026-04-20', nextDueDate: '2026-05-20' });
  });
});
