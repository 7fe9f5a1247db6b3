import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import type { DeviceRequirementResponse, DeviceResponse } from '@shared/schemas/device';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { withTransaction } from '../../db/transaction';
import type { DbOrTx } from '../../db/client';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';

/**
 * Devices kept whole under concurrent writes and status changes (issue 32 review): the order of
 * locks, a tag taken at the same moment, a clock that comes back, a failed unit replaced, the
 * field names of a bulk addition, and the index a device's history is read through.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const today = () => todayInTimeZone('UTC');
const TAG_IN_USE = 'This tag is already in use. Leave it empty to have one made.';
let tags = 0;
const uniqueTag = (base: string) => `${base}-${++tags}-${randomUUID().slice(0, 4)}`.toUpperCase();

async function owned() {
  const owner = await proOwner(ctx);
  const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Harbor View' });
  const added = async (body: Record<string, unknown>) => {
    const res = await owner.agent.post(`/api/properties/${property.id}/devices`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeviceResponse;
  };
  const itemStatus = async (itemType: string) => {
    const body = (await owner.agent.get(`/api/properties/${property.id}`)).json();
    return body.complianceItems.find((i: { itemType: string }) => i.itemType === itemType)?.status as string;
  };
  return { owner, property, added, itemStatus };
}

/**
 * Runs `hold` in a transaction of its own and keeps it open until `whileHeld` has seen another
 * request wait on it (pg_blocking_pids), or finish first; then commits. Answers which came first.
 */
async function holdingTransaction(
  hold: (db: DbOrTx) => Promise<unknown>,
  request: () => Promise<number>,
  probe: (waitingPid: number) => Promise<string[]> = advisoryLocksOf,
): Promise<{ first: string; status: number; heldWhileWaiting: string[] }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let pid = 0;
  let held!: () => void;
  const ready = new Promise<void>((resolve) => (held = resolve));
  const holding = withTransaction(ctx.runtime.pool, async ({ db }) => {
    pid = (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
    await hold(db);
    held();
    await gate;
  });
  await ready;
  let settled = false;
  const answered = request().then((status) => {
    settled = true;
    return status;
  });
  let heldWhileWaiting: string[] = [];
  const blocked = (async () => {
    while (!settled) {
      const waiting = await ctx.runtime.pool.query<{ pid: number }>('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid]);
      if (waiting.rows.length > 0) {
        heldWhileWaiting = await probe(waiting.rows[0]!.pid);
        return 'waited';
      }
    }
    return 'finished';
  })();
  const first = await Promise.race([answered.then(() => 'finished'), blocked]);
  release();
  await holding;
  return { first, status: await answered, heldWhileWaiting };
}

/** The advisory locks (the property's device lock) a waiting request had taken before it waited. */
async function advisoryLocksOf(pid: number): Promise<string[]> {
  const locks = await ctx.runtime.pool.query<{ locktype: string }>("select locktype from pg_locks where pid = $1 and granted and locktype = 'advisory'", [pid]);
  return locks.rows.map((l) => l.locktype);
}

describe('device writes and taps take the same locks in the same order', () => {
  it('deletes a device after a tap of its organisation holding the account lock, instead of deadlocking with it', async () => {
    const s = await owned();
    const device = await s.added({ itemType: 'fire_extinguisher', subtype: 'co2', location: { building: 'A', floor: '1' } });
    // A tap takes the organisation's row first (lockAccountForLimits), then settles the item's
    // device clocks. The delete waits on that row before it takes the property's device lock or
    // any row: holding those while the tap waited on them was the deadlock (40P01, a 500).
    const { first, status, heldWhileWaiting } = await holdingTransaction(
      (db) => db.execute(sql`select id from organizations where id = ${s.owner.organization.id} for no key update`),
      async () => (await s.owner.agent.delete(`/api/devices/${device.id}`)).statusCode,
    );
    expect(first).toBe('waited');
    expect(heldWhileWaiting).toEqual([]);
    expect(status).toBe(204);
    expect((await s.owner.agent.get(`/api/devices/${device.id}`)).statusCode).toBe(404);
  });

  it('switches an activity off after a tap holding the account lock, without first locking the activity', async () => {
    const s = await owned();
    await s.added({ itemType: 'fire_extinguisher', subtype: 'co2', location: { building: 'A', floor: '1' } });
    const requirements = (await s.owner.agent.get(`/api/properties/${s.property.id}/requirements`)).json() as { id: number; activity: string }[];
    const annual = requirements.find((r) => r.activity === 'Annual maintenance')!;
    // Locked by the waiting request, the activity's row is skipped: it must not be, while it waits for the tap.
    const activityLocked = async () => {
      const free = await ctx.runtime.pool.query('select id from requirements where id = $1 for update skip locked', [annual.id]);
      return free.rows.length === 0 ? ['requirement row'] : [];
    };
    const { first, status, heldWhileWaiting } = await holdingTransaction(
      (db) => db.execute(sql`select id from organizations where id = ${s.owner.organization.id} for no key update`),
      async () => (await s.owner.agent.put(`/api/requirements/${annual.id}`, { active: false, reason: 'Serviced by the landlord' })).statusCode,
      activityLocked,
    );
    expect(first).toBe('waited');
    expect(heldWhileWaiting).toEqual([]);
    expect(status).toBe(200);
  });
});

describe('a typed tag taken by another organisation at the same moment', () => {
  const insertTagged = (organizationId: number, propertyId: number, tag: string) => (db: DbOrTx) =>
    db.execute(sql`insert into devices (organization_id, property_id, item_type, tag) values (${organizationId}, ${propertyId}, 'fire_extinguisher', ${tag})`);

  it('answers the addition 400 on its tag, not 500', async () => {
    const a = await owned();
    const b = await owned();
    const tag = uniqueTag('EXT');
    const { status } = await holdingTransaction(insertTagged(b.owner.organization.id, b.property.id, tag), async () => {
      const res = await a.owner.agent.post(`/api/properties/${a.property.id}/devices`, { itemType: 'fire_extinguisher', tag, location: { building: 'A' } });
      if (res.statusCode === 400) expect(res.json().fieldErrors).toEqual({ tag: [TAG_IN_USE] });
      return res.statusCode;
    });
    expect(status).toBe(400);
  });

  it('answers a change of tag 400 on its tag, not 500', async () => {
    const a = await owned();
    const b = await owned();
    const device = await a.added({ itemType: 'fire_extinguisher', location: { building: 'A' } });
    const tag = uniqueTag('EXT');
    const { status } = await holdingTransaction(insertTagged(b.owner.organization.id, b.property.id, tag), async () => {
      const res = await a.owner.agent.put(`/api/devices/${device.id}`, { tag });
      if (res.statusCode === 400) expect(res.json().fieldErrors).toEqual({ tag: [TAG_IN_USE] });
      return res.statusCode;
    });
    expect(status).toBe(400);
    expect((await a.owner.agent.get(`/api/devices/${device.id}`)).json().tag).toBe(device.tag);
  });
});

describe('a device’s clocks remember its walk-throughs', () => {
  it('keeps the day and result of its last walk when it is removed and comes back into service', async () => {
    const s = await owned();
    const device = await s.added({ itemType: 'fire_extinguisher', subtype: 'dry_chemical', location: { building: 'A', floor: '1' } });
    const requirements = (await s.owner.agent.get(`/api/properties/${s.property.id}/requirements`)).json() as { id: number; activity: string }[];
    const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
    const walk = (await s.owner.agent.post(`/api/properties/${s.property.id}/walkthroughs`, { requirementId: monthly.id })).json();
    expect((await s.owner.agent.put(`/api/walkthroughs/${walk.id}/results/${device.id}`, { clientId: randomUUID(), result: 'pass' })).statusCode).toBe(200);
    const finished = await s.owner.agent.post(`/api/walkthroughs/${walk.id}/finish`, { attestation: { accepted: true, role: 'recorder', typedName: 'Olive Owner' } });
    expect(finished.statusCode, finished.body).toBe(200);
    const monthlyClock = async () =>
      ((await s.owner.agent.get(`/api/devices/${device.id}/requirements`)).json() as DeviceRequirementResponse[]).find((r) => r.requirementId === monthly.id);
    const walked = await monthlyClock();
    expect(walked).toMatchObject({ lastDoneOn: today(), lastResult: 'compliant' });

    expect((await s.owner.agent.put(`/api/devices/${device.id}`, { status: 'removed', statusReason: 'Moved to storage' })).statusCode).toBe(200);
    expect(await monthlyClock()).toBeUndefined();
    expect((await s.owner.agent.put(`/api/devices/${device.id}`, { status: 'in_service' })).statusCode).toBe(200);
    expect(await monthlyClock()).toMatchObject({ lastDoneOn: today(), lastResult: 'compliant', nextDueDate: walked!.nextDueDate });
  });
});

describe('replacing a unit', () => {
  async function doors() {
    const s = await owned();
    // Fire doors have one requirement (NFPA 80's annual inspection): inspected and passed.
    const { id } = (await s.owner.agent.post('/api/inspections', { propertyId: s.property.id, inspectionType: 'fire_doors', dueDate: today(), assignedTo: 'Dana Cole' })).json();
    expect((await s.owner.agent.put(`/api/inspections/${id}`, { status: 'completed', complianceStatus: 'compliant', notes: 'Checked' })).statusCode).toBe(200);
    const first = await s.added({ itemType: 'fire_doors', location: { building: 'A', floor: '1', description: 'stair A' } });
    const second = await s.added({ itemType: 'fire_doors', location: { building: 'A', floor: '1', description: 'stair A (new)' } });
    return { ...s, first, second };
  }

  it('makes the item compliant again when the failed unit is replaced; its deficiency stays on its record', async () => {
    const s = await doors();
    const inspection = await createInspectionRow(ctx.runtime.db, { organizationId: s.owner.organization.id, propertyId: s.property.id, dueDate: today(), inspectionType: 'fire_doors' });
    await withTransaction(ctx.runtime.pool, ({ db }) =>
      db.execute(sql`
        insert into deficiencies (organization_id, property_id, inspection_id, item_type, device_id, description, severity)
        values (${s.owner.organization.id}, ${s.property.id}, ${inspection.id}, 'fire_doors', ${s.first.id}, 'Door warped, does not latch', 'impairment')`),
    );
    await s.owner.agent.put(`/api/devices/${s.first.id}`, { notes: 'Warped' });
    expect(await s.itemStatus('fire_doors')).toBe('non_compliant');
    const replaced = await s.owner.agent.put(`/api/devices/${s.first.id}`, { status: 'replaced', replacedById: s.second.id, statusReason: 'Door replaced' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ openDeficiencies: 1 });
    expect(await s.itemStatus('fire_doors')).toBe('compliant');
  });

  it('refuses a replacement that is not in service, so two units cannot replace each other', async () => {
    const s = await doors();
    expect((await s.owner.agent.put(`/api/devices/${s.first.id}`, { status: 'replaced', replacedById: s.second.id, statusReason: 'Door replaced' })).statusCode).toBe(200);
    const back = await s.owner.agent.put(`/api/devices/${s.second.id}`, { status: 'replaced', replacedById: s.first.id, statusReason: 'Swapped' });
    expect(back.statusCode).toBe(400);
    expect(back.json().fieldErrors).toEqual({ replacedById: ['Choose another device in service of the same safety item at this property'] });
    const third = await s.added({ itemType: 'fire_doors', location: { building: 'B' } });
    await s.owner.agent.put(`/api/devices/${third.id}`, { status: 'removed', statusReason: 'Wall taken down' });
    expect((await s.owner.agent.put(`/api/devices/${s.second.id}`, { status: 'replaced', replacedById: third.id, statusReason: 'Swapped' })).statusCode).toBe(400);
  });
});

describe('adding several devices at once', () => {
  it('answers a wrong field once, under the form’s name', async () => {
    const s = await owned();
    const res = await s.owner.agent.post(`/api/properties/${s.property.id}/devices/bulk`, { count: 3, itemType: 'fire_extinguisher', subtype: 'sand', location: { building: 'A' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['subtype']);
  });
});

describe('a device’s history', () => {
  it('reads its own changes through an index on the record', async () => {
    const s = await owned();
    const device = await s.added({ itemType: 'fire_extinguisher', location: { building: 'A' } });
    const plan = await withTransaction(ctx.runtime.pool, async ({ db }) => {
      await db.execute(sql`set local enable_seqscan = off`);
      const result = await db.execute<{ 'QUERY PLAN': unknown }>(sql`
        explain (format json) select e.occurred_at from history_events e
        where e.entity_table = 'devices' and e.entity_id = ${device.id}`);
      return JSON.stringify(result.rows[0]!['QUERY PLAN']);
    });
    expect(plan).toContain('history_events_entity_idx');
  });
});
