import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
