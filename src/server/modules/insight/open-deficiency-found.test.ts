import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeOrganization } from '../../access';
import { createInspectionRow, createProperty } from '../../db/seed/properties';
import { proOwner } from '../../testing/team';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deficiencyAge } from './insight.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.runtime.db;

/** What the figure shows: the oldest list (found day, severity) and the non-empty bands. */
async function shown(organizationId: number) {
  const age = await deficiencyAge(db(), { reach: wholeOrganization(organizationId), propertyIds: undefined, today: '2026-04-10', timeZone: 'America/New_York' });
  return {
    oldest: age.oldest.map((d) => `${d.description} ${d.severity} ${d.foundOn}`),
    bands: age.bands.filter((b) => b.count > 0).map((b) => `${b.severity} ${b.band} ${b.count}`),
  };
}

/** The kept found instants equal what the deficiency and its inspection say. */
async function keptMatchesLive(organizationId: number) {
  const { rows } = await db().execute(sql`
    select count(*)::int as wrong from (
      select d.id, d.property_id, d.severity::text, coalesce(i.completed_date, d.created_at) as found_at
      from deficiencies d join inspections i on i.id = d.inspection_id
      where d.organization_id = ${organizationId} and d.corrected_on is null
      except
      select deficiency_id, property_id, severity::text, found_at from open_deficiency_found where organization_id = ${organizationId}
    ) missing`);
  const { rows: extra } = await db().execute(sql`
    select count(*)::int as n from open_deficiency_found f left join deficiencies d on d.id = f.deficiency_id
    where f.organization_id = ${organizationId} and (d.id is null or d.corrected_on is not null)`);
  expect(rows[0]).toEqual({ wrong: 0 });
  expect(extra[0]).toEqual({ n: 0 });
}

describe('the deficiency-age figure’s kept found dates', () => {
  it('follow each write: recording, the inspection’s completion, correction, reopening, severity and deletion', async () => {
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    const property = await createProperty(db(), organizationId, { name: 'Harbour Tower' });
    const inspection = await createInspectionRow(db(), { organizationId, propertyId: property.id, dueDate: '2026-01-05', status: 'in_progress' });
    const [recorded] = (
      await db().execute<{ id: number }>(sql`
        insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, created_at)
        values (${organizationId}, ${property.id}, ${inspection.id}, 'fire_extinguisher', 'Missing tag', 'critical', '2026-01-20T15:00:00Z')
        returning id`)
    ).rows;
    const id = recorded!.id;

    // Not yet completed: found the day it was recorded.
    expect(await shown(organizationId)).toEqual({ oldest: ['Missing tag critical 2026-01-20'], bands: ['critical 31-90 1'] });
    await keptMatchesLive(organizationId);

    // Completing the inspection dates it by the completion, in the organisation's zone (23:30 in New York).
    await db().execute(sql`update inspections set status = 'completed', completed_date = '2026-01-06T04:30:00Z' where id = ${inspection.id}`);
    expect(await shown(organizationId)).toEqual({ oldest: ['Missing tag critical 2026-01-05'], bands: ['critical 90+ 1'] });
    await keptMatchesLive(organizationId);

    await db().execute(sql`update deficiencies set severity = 'impairment' where id = ${id}`);
    expect((await shown(organizationId)).bands).toEqual(['impairment 90+ 1']);

    await db().execute(sql`update deficiencies set corrected_on = '2026-04-01' where id = ${id}`);
    expect(await shown(organizationId)).toEqual({ oldest: [], bands: [] });
    await keptMatchesLive(organizationId);

    await db().execute(sql`update deficiencies set corrected_on = null where id = ${id}`);
    expect(await shown(organizationId)).toEqual({ oldest: ['Missing tag impairment 2026-01-05'], bands: ['impairment 90+ 1'] });
    await keptMatchesLive(organizationId);

    await db().execute(sql`delete from deficiencies where id = ${id}`);
    expect(await shown(organizationId)).toEqual({ oldest: [], bands: [] });
    await keptMatchesLive(organizationId);

    // Deleting the property takes its deficiencies' rows with them.
    await db().execute(sql`
      insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity)
      values (${organizationId}, ${property.id}, ${inspection.id}, 'fire_extinguisher', 'Blocked exit', 'critical')`);
    expect((await shown(organizationId)).oldest).toEqual(['Blocked exit critical 2026-01-05']);
    await db().execute(sql`delete from properties where id = ${property.id}`);
    expect(await shown(organizationId)).toEqual({ oldest: [], bands: [] });
    await keptMatchesLive(organizationId);
  });

  it('band by the local day found, and list the ten oldest by day and then by record', async () => {
    const { organization } = await proOwner(ctx);
    const organizationId = organization.id;
    const property = await createProperty(db(), organizationId, { name: 'Quay House' });
    const recorded = async (description: string, foundAt: string) => {
      const inspection = await createInspectionRow(db(), { organizationId, propertyId: property.id, dueDate: '2026-01-05', status: 'completed' });
      await db().execute(sql`update inspections set completed_date = ${foundAt} where id = ${inspection.id}`);
      await db().execute(sql`
        insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity)
        values (${organizationId}, ${property.id}, ${inspection.id}, 'fire_extinguisher', ${description}, 'non_critical')`);
    };
    // Today is 10 April in New York: 23:30 on 10 March is 31 days ago, 00:30 on 11 March 30.
    await recorded('Edge 31', '2026-03-11T03:30:00Z');
    await recorded('Edge 30', '2026-03-11T04:30:00Z');
    // 23:30 on 9 January is 91 days ago, 00:30 on 10 January 90.
    await recorded('Edge 91', '2026-01-10T04:30:00Z');
    await recorded('Edge 90', '2026-01-10T05:30:00Z');
    expect((await shown(organizationId)).bands).toEqual(['non_critical 0-30 1', 'non_critical 31-90 2', 'non_critical 90+ 1']);

    // Nine more on one day (recorded in an order unlike their times): the list takes the
    // days first, then the order recorded, so the last of that day recorded is left out.
    for (const [n, hour] of [[1, 20], [2, 14], [3, 16], [4, 18], [5, 15], [6, 21], [7, 17], [8, 19], [9, 13]] as const)
      await recorded(`Day ${n}`, `2026-01-20T${hour}:00:00Z`);
    expect((await shown(organizationId)).oldest).toEqual([
      'Edge 91 non_critical 2026-01-09',
      'Edge 90 non_critical 2026-01-10',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Day ${n} non_critical 2026-01-20`),
    ]);
    await keptMatchesLive(organizationId);
  });
});
