import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 37, windows: sprinkler requirements that exist before the migration, at the library's
 * quarterly or annual interval with a known last day, become due by the close of NFPA 25's
 * window (2 to 4 months, 9 to 15 months) counted from that day; the rest keep their day.
 */
const MIGRATION = '0035_sprinkler_windows';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it('gives existing sprinkler requirements their window from the last day done, and rolls the dates up', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9101);
    const newProperty = (name: string) => oldProperty(pool, org, name, { earliestDueDate: '2026-04-15', inspected: true });
    const mill = await newProperty('Old Mill');
    const depot = await newProperty('Depot');
    const library = async (key: string) => (await q(`select id from requirement_library where key = $1`, [key])).rows[0].id as number;
    const quarterly = await library('sprinkler_system.quarterly-inspection');
    const annual = await library('sprinkler_system.annual-inspection-and-test');
    const extinguisher = await library('fire_extinguisher.annual-maintenance');
    const insert = (
      property: number,
      itemType: string,
      libraryId: number,
      activity: string,
      months: number,
      nextDue: string,
      done: { on?: string; stated?: string; unknown?: boolean },
      principal = false,
    ) =>
      q(
        `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, principal, next_due_date,
           last_done_on, last_result, last_done_stated_on, last_done_unknown)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [org, property, itemType, libraryId, activity, months, principal, nextDue, done.on ?? null, done.on ? 'compliant' : null, done.stated ?? null, done.unknown ?? false],
      );
    await insert(mill, 'sprinkler_system', quarterly, 'Quarterly inspection', 3, '2026-04-15', { on: '2026-01-15' });
    // Given as last done when the item was added; a month's end stays within the month.
    await insert(mill, 'sprinkler_system', annual, 'Annual inspection and test', 12, '2026-11-30', { stated: '2025-11-30' }, true);
    await insert(mill, 'fire_extinguisher', extinguisher, 'Annual maintenance', 12, '2026-06-01', { on: '2025-06-01' }, true);
    // An interval of the property's own, and one never done: single days, as they were.
    await insert(depot, 'sprinkler_system', quarterly, 'Quarterly inspection', 2, '2026-03-15', { on: '2026-01-15' });
    await insert(depot, 'sprinkler_system', annual, 'Annual inspection and test', 12, '2026-04-15', { unknown: true }, true);
    for (const [property, itemType, due] of [
      [mill, 'sprinkler_system', '2026-04-15'],
      [mill, 'fire_extinguisher', '2026-06-01'],
      [depot, 'sprinkler_system', '2026-03-15'],
    ] as const) {
      await q(`insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date) values ($1, $2, 'compliant', $3, '2026-01-15')`, [property, itemType, due]);
    }
    await q(`update properties set earliest_due_date = '2026-03-15' where id = $1`, [depot]);
    const versionBefore = (await q(`select data_version from organizations where id = $1`, [org])).rows[0].data_version as number;

    const today = (await q(`select (now() at time zone 'UTC')::date::text as today`)).rows[0].today as string;
    await database.migrateRest();

    const rows = await q(
      `select p.name, r.activity, r.interval_months as months, r.next_due_date::text as due, r.window_opens_on::text as opens
       from requirements r join properties p on p.id = r.property_id where r.organization_id = $1 order by p.name desc, r.item_type, r.activity`,
      [org],
    );
    expect(rows.rows).toEqual([
      { name: 'Old Mill', activity: 'Annual maintenance', months: 12, due: '2026-06-01', opens: null },
      // Migration 0036 gives every sprinkler system its 5-year items, last done not known: due now.
      { name: 'Old Mill', activity: '5-year gauge replacement or test', months: 60, due: today, opens: null },
      { name: 'Old Mill', activity: '5-year internal assessment of piping', months: 60, due: today, opens: null },
      // Done Jan 15: window Mar 15 to May 15. Given Nov 30, 2025: window Aug 30, 2026 to Feb 28, 2027.
      { name: 'Old Mill', activity: 'Annual inspection and test', months: 12, due: '2027-02-28', opens: '2026-08-30' },
      { name: 'Old Mill', activity: 'Quarterly inspection', months: 3, due: '2026-05-15', opens: '2026-03-15' },
      { name: 'Depot', activity: '5-year gauge replacement or test', months: 60, due: today, opens: null },
      { name: 'Depot', activity: '5-year internal assessment of piping', months: 60, due: today, opens: null },
      { name: 'Depot', activity: 'Annual inspection and test', months: 12, due: '2026-04-15', opens: null },
      { name: 'Depot', activity: 'Quarterly inspection', months: 2, due: '2026-03-15', opens: null },
    ]);
    const items = await q(
      `select p.name, ci.item_type, ci.next_due_date::text as due from compliance_items ci join properties p on p.id = ci.property_id
       where p.organization_id = $1 order by p.name desc, ci.item_type`,
      [org],
    );
    expect(items.rows).toEqual([
      { name: 'Old Mill', item_type: 'fire_extinguisher', due: '2026-06-01' },
      { name: 'Old Mill', item_type: 'sprinkler_system', due: [today, '2026-05-15'].sort()[0] },
      { name: 'Depot', item_type: 'sprinkler_system', due: [today, '2026-03-15'].sort()[0] },
    ]);
    const properties = await q(`select name, earliest_due_date::text as due from properties where organization_id = $1 order by name desc`, [org]);
    expect(properties.rows).toEqual([
      { name: 'Old Mill', due: [today, '2026-05-15'].sort()[0] },
      { name: 'Depot', due: [today, '2026-03-15'].sort()[0] },
    ]);
    // Cached answers are not served again; dates that follow from the code are no change a person made.
    expect((await q(`select data_version from organizations where id = $1`, [org])).rows[0].data_version).toBeGreaterThan(versionBefore);
    expect((await q(`select count(*)::int as n from history_events where entity_table = 'requirements' and organization_id = $1`, [org])).rows[0].n).toBe(9);
    expect((await q(`select count(*)::int as n from history_events where entity_table = 'requirements' and organization_id = $1 and kind <> 'requirement.added'`, [org])).rows[0].n).toBe(0);
  });
});
