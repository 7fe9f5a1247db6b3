import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Decision 041: rows counted from installation or manufacture. A sprinkler field test kept at
 * the old 50-year interval repeats every 10 years (NFPA 25 (2023) 5.3.1); one with a test
 * recorded is next due 10 years after it, one with an installation day keeps its first date,
 * and one whose installation day is not known leaves "due now" for a year after it was added,
 * estimated. A changed interval stays. The item and the property follow.
 */
const MIGRATION = '0038_first_due_from_installation';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it('repeats field tests every 10 years and estimates an unknown installation day a year out', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9201);
    const property = (name: string) => oldProperty(pool, org, name, { earliestDueDate: '2026-01-01' });
    // The row as the sync wrote it this stop (the 50-year interval, counted from installation).
    const library = (
      await q(`insert into requirement_library (code_set, key, item_type, activity, interval_months, source, principal, sort_order, counts_from)
        values ('us-nfpa', 'sprinkler_system.sprinkler-field-test-standard', 'sprinkler_system', 'Sprinkler field test at 50 years', 600, 'NFPA 25 (2023) 5.3.1', false, 90, 'installation')
        returning id`)
    ).rows[0].id as number;
    const insert = async (propertyId: number, values: { months: number; nextDue: string; lastDone?: string; stated?: string; unknown?: boolean; created?: string }) =>
      (
        await q(
          `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, source, next_due_date,
             last_done_on, last_done_stated_on, last_done_unknown, created_at)
           values ($1, $2, 'sprinkler_system', $3, 'Sprinkler field test at 50 years', $4, 'NFPA 25 (2023) 5.3.1', $5, $6, $7, $8, coalesce($9::timestamptz, now())) returning id`,
          [org, propertyId, library, values.months, values.nextDue, values.lastDone ?? null, values.stated ?? null, values.unknown ?? false, values.created ?? null],
        )
      ).rows[0].id as number;
    const unknownProperty = await property('Not known');
    const unknown = await insert(unknownProperty, { months: 600, nextDue: '2026-03-01', unknown: true, created: '2026-03-01T12:00:00Z' });
    await q(`insert into compliance_items (property_id, item_type, status, next_due_date) values ($1, 'sprinkler_system', 'never_inspected', '2026-03-01')`, [unknownProperty]);
    const tested = await insert(await property('Tested'), { months: 600, nextDue: '2070-05-20', lastDone: '2020-05-20' });
    const stated = await insert(await property('Stated'), { months: 600, nextDue: '2065-03-01', stated: '2015-03-01' });
    const changed = await insert(await property('Changed'), { months: 360, nextDue: '2050-05-20', lastDone: '2020-05-20' });

    await database.migrateRest();

    const row = async (id: number) =>
      (
        await q(
          `select r.interval_months, to_char(r.next_due_date, 'YYYY-MM-DD') as next_due, r.next_due_estimated, r.last_done_unknown, l.first_after_months
           from requirements r join requirement_library l on l.id = r.library_id where r.id = $1`,
          [id],
        )
      ).rows[0];
    expect(await row(unknown)).toEqual({ interval_months: 120, next_due: '2027-03-01', next_due_estimated: true, last_done_unknown: true, first_after_months: 600 });
    expect(await row(tested)).toMatchObject({ interval_months: 120, next_due: '2030-05-20', next_due_estimated: false });
    expect(await row(stated)).toMatchObject({ interval_months: 120, next_due: '2065-03-01' });
    expect(await row(changed)).toMatchObject({ interval_months: 360, next_due: '2050-05-20' });
    expect((await q(`select to_char(next_due_date, 'YYYY-MM-DD') as d from compliance_items where property_id = $1`, [unknownProperty])).rows[0].d).toBe('2027-03-01');
    expect((await q(`select to_char(earliest_due_date, 'YYYY-MM-DD') as d from properties where id = $1`, [unknownProperty])).rows[0].d).toBe('2027-03-01');
    // The library row itself is filled in place by the sync: 50 years first, then every 10.
    expect((await q(`select id, interval_months, first_after_months from requirement_library where id = $1`, [library])).rows).toEqual([
      { id: library, interval_months: 120, first_after_months: 600 },
    ]);
  });
});
