import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeOrganization } from '../access';
import { listActivityReview } from '../modules/inspections/activity-review.queries';
import { createDb } from './client';
import { databaseBefore, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 37: the inspections that existed before requirements (which migration 0011 counted for
 * their type's principal requirement) are marked "activity assumed" where the type has several
 * requirements, and are listed for review; a type with one requirement stays stated. Built from
 * the migrations before 0011, seeded in the old shape, then migrated to today.
 */
const MIGRATION = '0011_compliance_schedule';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe('migration 0030_activity_basis', () => {
  it('marks the inspections mapped to the principal requirement as assumed where the type has several, and lists them for review', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const user = (await q(`insert into users (username, password_hash, email, time_zone) values ('old', 'x', 'old@example.com', 'UTC') returning id`)).rows[0].id;
    const property = (
      await q(
        `insert into properties (user_id, name, address_line1, city, state, zip, manager_email, status)
         values ($1, 'Old Mill', '1 Mill Road', 'Reno', 'NV', '89501', 'm@example.com', 'compliant') returning id`,
        [user],
      )
    ).rows[0].id;
    await q(
      `insert into compliance_items (property_id, item_type, status, last_inspection_date, next_due_date) values
       ($1, 'emergency_lighting', 'compliant', '2025-03-01', '2026-03-01'),
       ($1, 'other', 'compliant', '2025-04-01', '2026-04-01')`,
      [property],
    );
    await q(
      `insert into inspections (user_id, property_id, inspection_type, due_date, status, completed_date, compliance_result, assigned_to) values
       ($1, $2, 'emergency_lighting', '2025-03-01', 'completed', '2025-03-01T15:00:00Z', 'compliant', 'Dana'),
       ($1, $2, 'emergency_lighting', '2026-03-01', 'scheduled', null, null, 'Dana'),
       ($1, $2, 'other', '2025-04-01', 'completed', '2025-04-01T15:00:00Z', 'compliant', 'Dana')`,
      [user, property],
    );

    await database.migrateRest();

    const rows = await q(
      `select i.inspection_type, i.status, i.activity_basis, r.activity from inspections i join requirements r on r.id = i.requirement_id
       where i.property_id = $1 order by i.inspection_type, i.due_date`,
      [property],
    );
    expect(rows.rows).toEqual([
      { inspection_type: 'emergency_lighting', status: 'completed', activity_basis: 'assumed', activity: 'Annual 90-minute test' },
      { inspection_type: 'emergency_lighting', status: 'scheduled', activity_basis: 'assumed', activity: 'Annual 90-minute test' },
      // One requirement: nothing else it could have been.
      { inspection_type: 'other', status: 'completed', activity_basis: 'stated', activity: 'Annual inspection' },
    ]);
    // The data fix is no one's change: no history event for it.
    const events = await q(`select count(*)::int as n from history_events where entity_table = 'inspections' and changes ? 'activity_basis'`);
    expect(events.rows[0].n).toBe(0);

    // Listed for review: the completion only, with the activities to choose from.
    const organizationId = (await q(`select organization_id from properties where id = $1`, [property])).rows[0].organization_id;
    const listed = await listActivityReview(createDb(pool), wholeOrganization(organizationId), { limit: 50, offset: 0 });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ inspectionType: 'emergency_lighting', activityBasis: 'assumed', performedOn: '2025-03-01', requirement: { activity: 'Annual 90-minute test' } });
    expect(listed[0]!.activities.map((a) => a.activity)).toEqual(['Annual 90-minute test', 'Monthly 30-second functional test']);

    // An inspection recorded now names its requirement and is created after it: stated.
    const requirement = (await q(`select id from requirements where property_id = $1 and item_type = 'emergency_lighting' and principal`, [property])).rows[0].id;
    const fresh = await q(
      `insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, assigned_to) values ($1, $2, 'emergency_lighting', $3, '2026-06-01', 'Dana') returning activity_basis`,
      [organizationId, property, requirement],
    );
    expect(fresh.rows[0].activity_basis).toBe('stated');
  });
});
