import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 37, NFPA 10 (2022) Table 8.3.1: every property's single hydrostatic test (12 years for
 * all) becomes the 12-year one, the same requirement with its history and interval; since nobody
 * has said which agents its extinguishers hold, it gets the 5-year test too (never a silent 12)
 * and the replacement of non-rechargeable units, both last done not known: the test due now, the
 * replacement (counted from manufacture, migration 0038) a year out, estimated. The item and the
 * property are next due with them. A property that switched its hydrostatic test off gets
 * neither. The old library row is retired, not deleted.
 */
const MIGRATION = '0034_extinguisher_hydrostatic_by_agent';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it("re-points the hydrostatic test to the 12-year row and adds the 5-year one and the replacement, last done not known", async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9101);
    const property = (name: string) => oldProperty(pool, org, name, { earliestDueDate: '2030-01-01' });
    const mill = await property('Old Mill');
    const depot = await property('Depot');
    const annex = await property('Annex');
    const library = async (key: string) => (await q(`select id from requirement_library where key = $1`, [key])).rows[0].id;
    const insert = async (propertyId: number, key: string, activity: string, months: number, nextDue: string, principal = false) =>
      (
        await q(
          `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, source, principal, next_due_date)
           values ($1, $2, 'fire_extinguisher', $3, $4, $5, 'NFPA 10 (2022) Table 8.3.1', $6, $7) returning id`,
          [org, propertyId, key ? await library(key) : null, activity, months, principal, nextDue],
        )
      ).rows[0].id as number;
    await insert(mill, 'fire_extinguisher.annual-maintenance', 'Annual maintenance', 12, '2030-01-01', true);
    // Its interval was changed by a person: it stays as they left it.
    const hydro = await insert(mill, 'fire_extinguisher.hydrostatic-test', 'Hydrostatic test', 120, '2031-05-01');
    const done = (
      await q(
        `insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, status, completed_date, compliance_result, assigned_to)
         values ($1, $2, 'fire_extinguisher', $3, '2021-05-01', 'completed', '2021-05-01T15:00:00Z', 'compliant', 'Dana') returning id`,
        [org, mill, hydro],
      )
    ).rows[0].id;
    await q(`update requirements set last_done_on = '2021-05-01', last_result = 'compliant' where id = $1`, [hydro]);
    await q(`insert into compliance_items (property_id, item_type, status, last_inspection_date, next_due_date) values ($1, 'fire_extinguisher', 'compliant', '2021-05-01', '2030-01-01')`, [mill]);
    // A property that switched its hydrostatic test off (with a reason) gets neither.
    await insert(annex, 'fire_extinguisher.annual-maintenance', 'Annual maintenance', 12, '2030-01-01', true);
    const off = await insert(annex, 'fire_extinguisher.hydrostatic-test', 'Hydrostatic test', 144, '2031-05-01');
    await q(`update requirements set active = false where id = $1`, [off]);
    // A property without extinguishers gets nothing.
    await q(
      `insert into requirements (organization_id, property_id, item_type, activity, interval_months, next_due_date) values ($1, $2, 'fire_alarm', 'Annual test', 12, '2030-01-01')`,
      [org, depot],
    );
    const today = (await q(`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
    const yearOut = (await q(`select to_char(((now() at time zone 'UTC')::date + interval '12 months')::date, 'YYYY-MM-DD') as d`)).rows[0].d as string;
    const events = async () => (await q(`select count(*)::int as n from history_events where entity_table = 'requirements'`)).rows[0].n as number;
    const eventsBefore = await events();

    await database.migrateRest();

    const rows = await q(
      `select r.id, l.key, r.activity, r.interval_months, to_char(r.next_due_date, 'YYYY-MM-DD') as next_due, to_char(r.last_done_on, 'YYYY-MM-DD') as last_done,
         r.last_done_unknown, r.active, r.applies
       from requirements r join requirement_library l on l.id = r.library_id where r.property_id = $1 order by l.sort_order`,
      [mill],
    );
    expect(rows.rows).toEqual([
      { id: expect.any(Number), key: 'fire_extinguisher.annual-maintenance', activity: 'Annual maintenance', interval_months: 12, next_due: '2030-01-01', last_done: null, last_done_unknown: false, active: true, applies: true },
      { id: hydro, key: 'fire_extinguisher.hydrostatic-test-5-year', activity: '5-year hydrostatic test', interval_months: 60, next_due: today, last_done: null, last_done_unknown: true, active: true, applies: true },
      { id: hydro, key: 'fire_extinguisher.hydrostatic-test-12-year', activity: '12-year hydrostatic test', interval_months: 120, next_due: '2031-05-01', last_done: '2021-05-01', last_done_unknown: false, active: true, applies: true },
      {
        id: expect.any(Number),
        key: 'fire_extinguisher.replace-non-rechargeable',
        activity: 'Replace non-rechargeable units (12 years from manufacture)',
        interval_months: 144,
        next_due: yearOut,
        last_done: null,
        last_done_unknown: true,
        active: true,
        applies: true,
      },
    ].map((r, i) => (i === 1 ? { ...r, id: expect.any(Number) } : r)));
    // The completion still belongs to the same requirement.
    expect((await q(`select requirement_id from inspections where id = $1`, [done])).rows[0].requirement_id).toBe(hydro);
    // The item and the property are next due now.
    expect((await q(`select to_char(next_due_date, 'YYYY-MM-DD') as d from compliance_items where property_id = $1`, [mill])).rows[0].d).toBe(today);
    expect((await q(`select to_char(earliest_due_date, 'YYYY-MM-DD') as d from properties where id = $1`, [mill])).rows[0].d).toBe(today);
    expect((await q(`select count(*)::int as n from requirements where property_id = $1`, [depot])).rows[0].n).toBe(1);
    expect((await q(`select activity, active from requirements where property_id = $1 order by id`, [annex])).rows).toEqual([
      { activity: 'Annual maintenance', active: true },
      { activity: '12-year hydrostatic test', active: false },
    ]);
    // The old row is kept, retired; the new ones carry the data's conditions.
    expect((await q(`select retired from requirement_library where key = 'fire_extinguisher.hydrostatic-test' and code_set = 'us-nfpa'`)).rows).toEqual([{ retired: true }]);
    expect(
      (await q(`select applies_when, restarts from requirement_library where key = 'fire_extinguisher.hydrostatic-test-12-year' and code_set = 'us-nfpa'`)).rows[0],
    ).toMatchObject({ applies_when: { recharge: ['rechargeable'] }, restarts: ['fire_extinguisher.6-year-internal-examination'] });
    // A data fix is no one's change: no history events for it.
    expect(await events()).toBe(eventsBefore);
  });
});
