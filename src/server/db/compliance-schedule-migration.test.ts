import type pg from 'pg';
import { databaseBefore, type DatabaseBeforeMigration } from '../testing/migration-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The compliance schedule's migration on a database that already holds data: every compliance
 * item gets its type's library requirements, inspections point at the principal one, items
 * and properties are recomputed. Runs the migrations up to the one before, seeds the old
 * shape, then runs the rest.
 */
const MIGRATION = '0011_compliance_schedule';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it('gives existing items their requirements, links inspections and recomputes statuses', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const user = (await q(`insert into users (username, password_hash, email, time_zone) values ('old', 'x', 'old@example.com', 'UTC') returning id`)).rows[0].id;
    const property = (
      await q(
        `insert into properties (user_id, name, address_line1, city, state, zip, manager_email, status)
         values ($1, 'Old Mill', '1 Mill Road', 'Reno', 'NV', '89501', 'm@example.com', 'compliant') returning id`,
        [user],
      )
    ).rows[0].id;
    const today = (await q(`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as d`)).rows[0].d;
    // Lighting inspected a month ago and fine for a year; an alarm never inspected, due in 3 days.
    await q(
      `insert into compliance_items (property_id, item_type, status, last_inspection_date, next_due_date, notes) values
       ($1, 'emergency_lighting', 'compliant', (now() at time zone 'UTC')::date - 30, (now() at time zone 'UTC')::date + 335, null),
       ($1, 'fire_alarm', 'never_inspected', null, (now() at time zone 'UTC')::date + 3, null)`,
      [property],
    );
    await q(
      `insert into inspections (user_id, property_id, inspection_type, due_date, status, assigned_to) values
       ($1, $2, 'emergency_lighting', (now() at time zone 'UTC')::date - 30, 'completed', 'Dana'),
       ($1, $2, 'fire_alarm', (now() at time zone 'UTC')::date + 3, 'scheduled', 'Dana')`,
      [user, property],
    );

    await database.migrateRest();

    const requirements = await q(
      `select item_type, activity, principal, last_done_on::text, last_result, next_due_date - (now() at time zone 'UTC')::date as due_in, has_open_inspection
       from requirements where property_id = $1 order by item_type, activity`,
      [property],
    );
    expect(requirements.rows).toEqual([
      { item_type: 'emergency_lighting', activity: 'Annual 90-minute test', principal: true, last_done_on: addDays(today, -30), last_result: 'compliant', due_in: 335, has_open_inspection: false },
      // First due one month from the day of the migration.
      { item_type: 'emergency_lighting', activity: 'Monthly 30-second functional test', principal: false, last_done_on: null, last_result: null, due_in: monthFromToday(today), has_open_inspection: false },
      { item_type: 'fire_alarm', activity: 'Annual test', principal: true, last_done_on: null, last_result: null, due_in: 3, has_open_inspection: true },
      // Migration 0036 gives every fire alarm its semiannual items, last done not known: due now.
      { item_type: 'fire_alarm', activity: 'Semiannual sealed battery inspection', principal: false, last_done_on: null, last_result: null, due_in: 0, has_open_inspection: false },
      { item_type: 'fire_alarm', activity: 'Semiannual visual inspection of initiating devices', principal: false, last_done_on: null, last_result: null, due_in: 0, has_open_inspection: false },
    ]);
    const links = await q(
      `select i.inspection_type, r.activity from inspections i join requirements r on r.id = i.requirement_id where i.property_id = $1 order by 1`,
      [property],
    );
    expect(links.rows).toEqual([
      { inspection_type: 'emergency_lighting', activity: 'Annual 90-minute test' },
      { inspection_type: 'fire_alarm', activity: 'Annual test' },
    ]);
    const items = await q(`select item_type, next_due_date - (now() at time zone 'UTC')::date as due_in from compliance_items where property_id = $1 order by 1`, [property]);
    expect(items.rows).toEqual([
      { item_type: 'emergency_lighting', due_in: monthFromToday(today) },
      { item_type: 'fire_alarm', due_in: 0 },
    ]);
    const stored = await q(`select has_failure, inspected, earliest_due_date - (now() at time zone 'UTC')::date as due_in from properties where id = $1`, [property]);
    // The alarm was never inspected, so the property is not fully inspected: it stays pending.
    expect(stored.rows).toEqual([{ has_failure: false, inspected: false, due_in: 0 }]);
  });
});

function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from today to the same day next month (PostgreSQL's month arithmetic). */
function monthFromToday(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.round((target.getTime() - d.getTime()) / 86_400_000);
}
