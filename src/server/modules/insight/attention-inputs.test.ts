import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionType } from '@shared/enums';
import { wholeOrganization } from '../../access';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { keptAttention, liveAttention } from './attention.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.runtime.db;

async function kept(propertyId: number) {
  const { rows } = await db().execute(sql`
    select never_inspected, critical_open, last_inspection_date::text as last_done, due_dates::text as due_dates, bound
    from attention_inputs where property_id = ${propertyId}`);
  return rows[0];
}

async function item(propertyId: number, type: InspectionType, status: string, nextDue: string | null, lastDone: string | null) {
  const { rows } = await db().execute<{ id: number }>(sql`
    insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date)
    values (${propertyId}, ${type}, ${status}, ${nextDue}, ${lastDone}) returning id`);
  return rows[0]!.id;
}

async function deficiency(organizationId: number, propertyId: number, severity: string, correctedOn: string | null = null) {
  const found = await createInspectionRow(db(), { organizationId, propertyId, dueDate: '2026-01-10', status: 'completed' });
  const { rows } = await db().execute<{ id: number }>(sql`
    insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on)
    values (${organizationId}, ${propertyId}, ${found.id}, 'fire_extinguisher', 'Gauge in the red', ${severity}, ${correctedOn}) returning id`);
  return rows[0]!.id;
}

describe('the attention ranking’s kept inputs', () => {
  it('follow each write that moves an input, and a property with nothing to count has no row', async () => {
    const { organization } = await proOwner(ctx);
    const property = await createProperty(db(), organization.id, { name: 'Harbour House' });
    expect(await kept(property.id)).toBeUndefined();

    const extinguisher = await item(property.id, 'fire_extinguisher', 'compliant', '2026-05-01', '2025-05-01');
    expect(await kept(property.id)).toEqual({ never_inspected: 0, critical_open: 0, last_done: '2025-05-01', due_dates: '{2026-05-01}', bound: 22 });

    // A never-inspected item with a first due date: counted as never inspected and may become overdue.
    const alarm = await item(property.id, 'fire_alarm', 'never_inspected', '2026-03-01', null);
    expect(await kept(property.id)).toEqual({ never_inspected: 1, critical_open: 0, last_done: '2025-05-01', due_dates: '{2026-03-01,2026-05-01}', bound: 37 });

    // Inspected: the last inspection and the due date move.
    await db().execute(sql`update compliance_items set status = 'compliant', last_inspection_date = '2026-04-01', next_due_date = '2027-04-01' where id = ${alarm}`);
    expect(await kept(property.id)).toEqual({ never_inspected: 0, critical_open: 0, last_done: '2026-04-01', due_dates: '{2026-05-01,2027-04-01}', bound: 32 });

    // A failed item is non-compliant, not overdue: its due date no longer counts.
    await db().execute(sql`update compliance_items set status = 'non_compliant' where id = ${extinguisher}`);
    expect(await kept(property.id)).toMatchObject({ due_dates: '{2027-04-01}', bound: 22 });

    const critical = await deficiency(organization.id, property.id, 'critical');
    await deficiency(organization.id, property.id, 'non_critical');
    await deficiency(organization.id, property.id, 'critical', '2026-02-01');
    expect(await kept(property.id)).toMatchObject({ critical_open: 1, bound: 30 });
    await db().execute(sql`update deficiencies set corrected_on = '2026-04-02' where id = ${critical}`);
    expect(await kept(property.id)).toMatchObject({ critical_open: 0, bound: 22 });
    await db().execute(sql`update deficiencies set corrected_on = null where id = ${critical}`);
    expect(await kept(property.id)).toMatchObject({ critical_open: 1 });

    // Moved to another property: it leaves the first and counts at the second.
    const other = await createProperty(db(), organization.id, { name: 'Quay Court' });
    await db().execute(sql`update deficiencies set property_id = ${other.id} where id = ${critical}`);
    expect(await kept(property.id)).toMatchObject({ critical_open: 0 });
    expect(await kept(other.id)).toEqual({ never_inspected: 0, critical_open: 1, last_done: null, due_dates: '{}', bound: 8 });
    await db().execute(sql`delete from deficiencies where id = ${critical}`);
    expect(await kept(other.id)).toBeUndefined();

    await db().execute(sql`delete from compliance_items where id = ${extinguisher}`);
    expect(await kept(property.id)).toMatchObject({ last_done: '2026-04-01', due_dates: '{2027-04-01}' });
    await db().execute(sql`delete from properties where id = ${property.id}`);
    expect(await kept(property.id)).toBeUndefined();
  });

  it('rank the whole organisation as the live count does, on any day, ties by name', async () => {
    const { organization } = await proOwner(ctx);
    const types: InspectionType[] = ['fire_extinguisher', 'fire_alarm', 'sprinkler_system', 'emergency_lighting'];
    const statuses = ['compliant', 'compliant', 'never_inspected', 'non_compliant'];
    // Sixty properties, alike enough that many tie and many bounds exceed the top scores.
    for (let n = 0; n < 60; n++) {
      const property = await createProperty(db(), organization.id, { name: `Block ${String.fromCharCode(65 + ((n * 7) % 26))}${n}` });
      for (let k = 0; k < 1 + (n % 4); k++) {
        const month = String(1 + ((n + k * 5) % 12)).padStart(2, '0');
        const status = statuses[(n + k) % 4];
        await item(property.id, types[k]!, status!, n % 9 === 0 ? null : `2026-${month}-${String(1 + ((n * 3) % 28)).padStart(2, '0')}`,
          status === 'never_inspected' ? null : `2025-${month}-15`);
      }
      if (n % 5 === 0) await deficiency(organization.id, property.id, 'critical');
    }
    for (const today of ['2025-12-01', '2026-03-15', '2026-06-30', '2026-12-31', '2028-01-01']) {
      const ask = { reach: wholeOrganization(organization.id), propertyIds: undefined, today, timeZone: 'UTC' };
      const live = await liveAttention(db(), ask);
      expect(live).toHaveLength(20);
      expect(await keptAttention(db(), ask), today).toEqual(live);
      // Fewer first scored than the top twenty, and just enough: the properties below the first cut are scored too.
      expect(await keptAttention(db(), ask, 5), today).toEqual(live);
      expect(await keptAttention(db(), ask, 20), today).toEqual(live);
    }
  });

  it('rank a day with nothing overdue, and one with a few overdue, as the live count does, ties by name', async () => {
    const { organization } = await proOwner(ctx);
    const types: InspectionType[] = ['fire_extinguisher', 'fire_alarm', 'sprinkler_system'];
    // Forty properties, each with three items falling due from March on: every bound (30 and
    // more) is far above what the quiet day's top twenty score, and many of those scores tie.
    const properties = [];
    for (let n = 0; n < 40; n++) {
      // Named against their order of creation, so a tie is decided by the name, not the id.
      const property = await createProperty(db(), organization.id, { name: `Court ${String(99 - n).padStart(2, '0')}` });
      properties.push(property);
      for (let k = 0; k < 3; k++) {
        const never = n % 7 === 0 && k === 0;
        await item(property.id, types[k]!, never ? 'never_inspected' : 'compliant', `2026-0${3 + k}-${String(1 + (n % 20)).padStart(2, '0')}`,
          never ? null : `2025-${String(1 + (n % 6)).padStart(2, '0')}-10`);
      }
      if (n % 6 === 0) await deficiency(organization.id, property.id, 'critical');
    }
    // A few fall due early: one item for two properties, two items for a third.
    await item(properties[5]!.id, 'emergency_lighting', 'compliant', '2026-01-20', '2025-01-20');
    await item(properties[17]!.id, 'emergency_lighting', 'compliant', '2026-01-25', '2025-01-25');
    await item(properties[30]!.id, 'emergency_lighting', 'compliant', '2026-01-10', '2025-01-10');
    await db().execute(sql`update compliance_items set next_due_date = '2026-01-12' where property_id = ${properties[30]!.id} and item_type = 'fire_extinguisher'`);
    expect(await db().execute(sql`select earliest_due::text, second_due::text, static_bound from attention_inputs where property_id = ${properties[30]!.id}`))
      .toMatchObject({ rows: [{ earliest_due: '2026-01-10', second_due: '2026-01-12', static_bound: 20 }] });

    for (const [today, overdue] of [['2025-12-20', 0], ['2026-02-01', 4]] as const) {
      const ask = { reach: wholeOrganization(organization.id), propertyIds: undefined, today, timeZone: 'UTC' };
      const live = await liveAttention(db(), ask);
      expect(live).toHaveLength(20);
      expect(live.reduce((sum, r) => sum + r.overdueItems, 0), today).toBe(overdue);
      // Ties: fewer different scores than properties listed.
      expect(new Set(live.map((r) => r.score)).size, today).toBeLessThan(15);
      expect(await keptAttention(db(), ask), today).toEqual(live);
      expect(await keptAttention(db(), ask, 1), today).toEqual(live);
      expect(await keptAttention(db(), ask, 5), today).toEqual(live);
      expect(await keptAttention(db(), ask, 20), today).toEqual(live);
    }
  });
});

/** What the kept row should hold, counted from the property's items and deficiencies now. */
async function live(propertyId: number) {
  const { rows } = await db().execute(sql`
    select
      (select count(*)::int from compliance_items where property_id = ${propertyId} and status = 'never_inspected') as never_inspected,
      (select count(*)::int from deficiencies where property_id = ${propertyId} and corrected_on is null and severity = 'critical') as critical_open,
      (select max(last_inspection_date)::text from compliance_items where property_id = ${propertyId}) as last_done,
      coalesce((select array_agg(next_due_date order by next_due_date) from compliance_items
        where property_id = ${propertyId} and status <> 'non_compliant' and next_due_date is not null), '{}')::text as due_dates`);
  return rows[0]!;
}

describe('the kept inputs under writers of one property at once', () => {
  const opened: pg.Client[] = [];
  afterEach(async () => {
    for (const client of opened.splice(0)) await client.end();
  });

  /** A connection of its own, as a second request served at the same moment would have. */
  async function connection() {
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    opened.push(client);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return Object.assign(client, { pid: rows[0]!.pid });
  }

  /**
   * Waits until the statement has finished or its connection waits on a lock: either way it
   * reached the server before whatever the test does next.
   */
  async function reached(pending: Promise<unknown>, pid: number) {
    let settled = false;
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (;;) {
      const { rows } = await db().execute<{ waiting: boolean }>(
        sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`,
      );
      if (settled || rows[0]?.waiting) return;
    }
  }

  async function setting() {
    const { organization } = await proOwner(ctx);
    const property = await createProperty(db(), organization.id, { name: 'Harbour House' });
    const a = await item(property.id, 'fire_extinguisher', 'compliant', '2026-05-01', '2025-05-01');
    const b = await item(property.id, 'fire_alarm', 'compliant', '2026-06-01', '2025-06-01');
    return { organization, property, a, b };
  }

  it('two items of one property written at once, each in its own transaction: both count, and neither write fails', async () => {
    const { property, a, b } = await setting();
    const one = await connection();
    const two = await connection();
    await one.query('begin');
    await one.query(`update compliance_items set status = 'never_inspected', last_inspection_date = null where id = $1`, [a]);
    await two.query('begin');
    // The second may wait for the first or not; it is sent before the first commits.
    const second = two.query(`update compliance_items set last_inspection_date = '2026-04-01', next_due_date = '2027-04-01' where id = $1`, [b]);
    await reached(second, two.pid);
    await one.query('commit');
    await second;
    await two.query('commit');

    expect(await kept(property.id)).toMatchObject(await live(property.id));
    expect(await kept(property.id)).toEqual({ never_inspected: 1, critical_open: 0, last_done: '2026-04-01', due_dates: '{2026-05-01,2027-04-01}', bound: 37 });
  });

  it('the first items of a new property added at once by two transactions make one row counting both', async () => {
    const { organization } = await proOwner(ctx);
    const property = await createProperty(db(), organization.id, { name: 'Quay Court' });
    const one = await connection();
    const two = await connection();
    await one.query('begin');
    await one.query(`insert into compliance_items (property_id, item_type, status, next_due_date) values ($1, 'fire_alarm', 'never_inspected', '2026-03-01')`, [property.id]);
    await two.query('begin');
    const second = two.query(
      `insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date) values ($1, 'fire_extinguisher', 'compliant', '2026-05-01', '2025-05-01')`,
      [property.id],
    );
    await reached(second, two.pid);
    // Both commit at once: whichever is second counts what the first committed.
    await Promise.all([one.query('commit'), second.then(() => two.query('commit'))]);

    expect(await kept(property.id)).toMatchObject(await live(property.id));
    expect(await kept(property.id)).toEqual({ never_inspected: 1, critical_open: 0, last_done: '2025-05-01', due_dates: '{2026-03-01,2026-05-01}', bound: 37 });
  });

  it('a critical deficiency found while another transaction inspects an item of the same property: both count', async () => {
    const { organization, property, b } = await setting();
    const found = await createInspectionRow(db(), { organizationId: organization.id, propertyId: property.id, dueDate: '2026-01-10', status: 'completed' });
    const one = await connection();
    const two = await connection();
    await one.query('begin');
    await one.query(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity)
       values ($1, $2, $3, 'fire_extinguisher', 'Gauge in the red', 'critical')`,
      [organization.id, property.id, found.id],
    );
    await two.query('begin');
    const second = two.query(`update compliance_items set status = 'non_compliant', last_inspection_date = '2026-04-01' where id = $1`, [b]);
    await reached(second, two.pid);
    await one.query('commit');
    await second;
    await two.query('commit');

    expect(await kept(property.id)).toMatchObject(await live(property.id));
    expect(await kept(property.id)).toEqual({ never_inspected: 0, critical_open: 1, last_done: '2026-04-01', due_dates: '{2026-05-01}', bound: 30 });
  });

  it('two commits at the same instant: the one that counts second sees what the first committed', async () => {
    const { property, a, b } = await setting();
    const one = await connection();
    const two = await connection();
    const holder = await connection();
    // Holding the property's count lock makes both commits wait for it, then go one after the other.
    await holder.query('begin');
    await holder.query('select attention_inputs_lock($1::int[])', [[property.id]]);
    await one.query('begin');
    await one.query(`update compliance_items set status = 'never_inspected', last_inspection_date = null where id = $1`, [a]);
    await two.query('begin');
    await two.query(`update compliance_items set last_inspection_date = '2026-04-01', next_due_date = '2027-04-01' where id = $1`, [b]);
    const commits = [one.query('commit'), two.query('commit')];
    await reached(commits[0]!, one.pid);
    await reached(commits[1]!, two.pid);
    await holder.query('commit');
    await Promise.all(commits);

    expect(await kept(property.id)).toMatchObject(await live(property.id));
    expect(await kept(property.id)).toEqual({ never_inspected: 1, critical_open: 0, last_done: '2026-04-01', due_dates: '{2026-05-01,2027-04-01}', bound: 37 });
  });

  it('many statements in one transaction count once at its commit, and a savepoint rolled back counts nothing of its own', async () => {
    const { property, a, b } = await setting();
    const one = await connection();
    await one.query('begin');
    for (let n = 1; n <= 5; n++) await one.query(`update compliance_items set next_due_date = $2 where id = $1`, [a, `2026-07-0${n}`]);
    await one.query('savepoint before_failure');
    await one.query(`update compliance_items set status = 'never_inspected' where id = $1`, [b]);
    await one.query('rollback to savepoint before_failure');
    // Not counted yet: nothing is committed.
    expect(await kept(property.id)).toMatchObject({ due_dates: '{2026-05-01,2026-06-01}' });
    const { rows } = await one.query<{ n: number; settling: number }>('select count(*)::int as n, count(*) filter (where settles)::int as settling from attention_inputs_pending');
    expect(rows[0]).toEqual({ n: 5, settling: 1 });
    await one.query('commit');

    expect(await kept(property.id)).toEqual({ never_inspected: 0, critical_open: 0, last_done: '2025-06-01', due_dates: '{2026-06-01,2026-07-05}', bound: 32 });
    expect(await kept(property.id)).toMatchObject(await live(property.id));
    const { rows: left } = await one.query<{ n: number }>('select count(*)::int as n from attention_inputs_pending');
    expect(left[0]!.n).toBe(0);
  });

  it('a transaction that goes on to write the item the other wrote waits for it, rather than failing as a deadlock', async () => {
    const { property, a, b } = await setting();
    const one = await connection();
    const two = await connection();
    await one.query('begin');
    await one.query(`update compliance_items set next_due_date = '2026-07-01' where id = $1`, [a]);
    await two.query('begin');
    const second = two.query(`update compliance_items set next_due_date = '2026-08-01' where id = $1`, [b]);
    await reached(second, two.pid);
    // The first now writes the second's item too, so it waits for the second's commit.
    const firstAgain = one.query(`update compliance_items set status = 'never_inspected' where id = $1`, [b]);
    await reached(firstAgain, one.pid);
    await second;
    await two.query('commit');
    await firstAgain;
    await one.query('commit');

    expect(await kept(property.id)).toMatchObject(await live(property.id));
    expect(await kept(property.id)).toMatchObject({ never_inspected: 1, due_dates: '{2026-07-01,2026-08-01}' });
  });
});
