import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 35: the requirements that exist before the migration with a first date guessed from the
 * day they were added (library, not principal, never done) become "Last done not known", their
 * dates kept and marked estimated; everything else is as it was.
 */
const MIGRATION = '0027_last_done_unknown';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it('marks guessed first dates as not known and estimated, and keeps every date', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9001);
    const property = await oldProperty(pool, org, 'Old Mill');
    const library = async (activity: string) => (await q(`select id from requirement_library where activity = $1`, [activity])).rows[0].id;
    const insert = (libraryId: number | null, activity: string, principal: boolean, nextDue: string, lastDone: string | null, itemType = 'fire_extinguisher') =>
      q(
        `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, principal, next_due_date, last_done_on, last_result)
         values ($1, $2, $3, $4, $5, 12, $6, $7, $8, $9)`,
        [org, property, itemType, libraryId, activity, principal, nextDue, lastDone, lastDone ? 'compliant' : null],
      );
    await insert(await library('Annual maintenance'), 'Annual maintenance', true, '2026-09-01', null);
    await insert(await library('6-year internal examination'), '6-year internal examination', false, '2027-01-10', null);
    await insert(await library('Monthly visual inspection'), 'Monthly visual inspection', false, '2026-05-01', '2026-04-01');
    await insert(null, 'Pressure gauge check', false, '2026-06-01', null);

    await database.migrateRest();

    const rows = await q(
      `select activity, next_due_date::text as next_due, last_done_on::text as last_done, last_done_unknown, next_due_estimated, last_done_stated_on
       from requirements where property_id = $1 order by activity`,
      [property],
    );
    expect(rows.rows).toEqual([
      // Guessed from the day it was added: not known, estimated, the date kept.
      { activity: '6-year internal examination', next_due: '2027-01-10', last_done: null, last_done_unknown: true, next_due_estimated: true, last_done_stated_on: null },
      // The principal one's date was given by a person; a done one and one of the account's own are known.
      { activity: 'Annual maintenance', next_due: '2026-09-01', last_done: null, last_done_unknown: false, next_due_estimated: false, last_done_stated_on: null },
      { activity: 'Monthly visual inspection', next_due: '2026-05-01', last_done: '2026-04-01', last_done_unknown: false, next_due_estimated: false, last_done_stated_on: null },
      { activity: 'Pressure gauge check', next_due: '2026-06-01', last_done: null, last_done_unknown: false, next_due_estimated: false, last_done_stated_on: null },
    ]);
  });
});
