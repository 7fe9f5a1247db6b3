import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 37 §1: existing sprinkler systems and fire alarms get the requirements every such system
 * has (5-year internal assessment and gauges; semiannual initiating devices and sealed batteries),
 * last done not known and due now; rows that depend on the item's answers wait for them. The
 * exits' principal requirement moves from the egress door inspection to the monthly exit sign
 * check, and an inspection that named none stays with the door inspection.
 */
const MIGRATION = '0036_library_systems_and_conditions';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it('adds the items every system has, due now, moves the exits principal and keeps past inspections where they were', async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9201);
    const newProperty = (name: string) => oldProperty(pool, org, name, { earliestDueDate: '2030-01-01', inspected: true });
    const mill = await newProperty('Old Mill');
    const depot = await newProperty('Depot');
    const library = async (key: string) => (await q(`select id from requirement_library where code_set = 'us-nfpa' and key = $1`, [key])).rows[0].id as number;
    const insert = async (property: number, itemType: string, key: string, activity: string, months: number, principal: boolean, note: string | null = null) =>
      (
        await q(
          `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, principal, next_due_date,
             last_done_on, last_result, note)
           values ($1, $2, $3, $4, $5, $6, $7, '2030-01-01', '2025-06-01', 'compliant', $8) returning id`,
          [org, property, itemType, await library(key), activity, months, principal, note],
        )
      ).rows[0].id as number;
    await insert(mill, 'sprinkler_system', 'sprinkler_system.annual-inspection-and-test', 'Annual inspection and test', 12, true);
    await insert(mill, 'fire_alarm', 'fire_alarm.annual-test', 'Annual test', 12, true);
    const signs = await insert(mill, 'emergency_exits', 'emergency_exits.monthly-exit-sign-check', 'Monthly exit sign check', 1, false);
    const doors = await insert(mill, 'emergency_exits', 'emergency_exits.annual-egress-door-inspection', 'Annual egress door inspection', 12, true, 'Where the occupancy chapter requires it');
    await insert(depot, 'fire_extinguisher', 'fire_extinguisher.annual-maintenance', 'Annual maintenance', 12, true);
    for (const itemType of ['sprinkler_system', 'fire_alarm', 'emergency_exits']) {
      await q(`insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date) values ($1, $2, 'compliant', '2030-01-01', '2025-06-01')`, [mill, itemType]);
    }
    const inspection = (
      await q(
        `insert into inspections (organization_id, property_id, inspection_type, due_date, status, assigned_to)
         values ($1, $2, 'emergency_exits', '2030-01-01', 'scheduled', 'Sam') returning id`,
        [org, mill],
      )
    ).rows[0].id as number;
    const today = (await q(`select (now() at time zone 'UTC')::date::text as today`)).rows[0].today as string;
    // An account whose items were written by hand (no library row) is left as it was.
    const other = await oldOrganization(pool, 9202, 'Own Co');
    const version = async (id: number) => (await q(`select data_version from organizations where id = $1`, [id])).rows[0].data_version as number;
    const versions = { org: await version(org), other: await version(other) };

    await database.migrateRest();

    const rows = await q(
      `select p.name, r.item_type, r.activity, r.principal, r.next_due_date::text as due, r.last_done_unknown as unknown
       from requirements r join properties p on p.id = r.property_id where r.organization_id = $1
       order by p.name desc, r.item_type, r.activity`,
      [org],
    );
    expect(rows.rows).toEqual([
      { name: 'Old Mill', item_type: 'sprinkler_system', activity: '5-year gauge replacement or test', principal: false, due: today, unknown: true },
      { name: 'Old Mill', item_type: 'sprinkler_system', activity: '5-year internal assessment of piping', principal: false, due: today, unknown: true },
      { name: 'Old Mill', item_type: 'sprinkler_system', activity: 'Annual inspection and test', principal: true, due: '2030-01-01', unknown: false },
      { name: 'Old Mill', item_type: 'emergency_exits', activity: 'Annual egress door inspection', principal: false, due: '2030-01-01', unknown: false },
      { name: 'Old Mill', item_type: 'emergency_exits', activity: 'Monthly exit sign check', principal: true, due: '2030-01-01', unknown: false },
      { name: 'Old Mill', item_type: 'fire_alarm', activity: 'Annual test', principal: true, due: '2030-01-01', unknown: false },
      { name: 'Old Mill', item_type: 'fire_alarm', activity: 'Semiannual sealed battery inspection', principal: false, due: today, unknown: true },
      { name: 'Old Mill', item_type: 'fire_alarm', activity: 'Semiannual visual inspection of initiating devices', principal: false, due: today, unknown: true },
      // A property without those items gets nothing.
      { name: 'Depot', item_type: 'fire_extinguisher', activity: 'Annual maintenance', principal: true, due: '2030-01-01', unknown: false },
    ]);
    // The inspection that named no requirement counted for the door inspection, and still does.
    const named = await q(`select requirement_id from inspections where id = $1`, [inspection]);
    expect(named.rows[0].requirement_id).toBe(doors);
    expect(signs).not.toBe(doors);
    // The door inspection's copied note says which doors it covers now.
    const note = await q(`select note from requirements where id = $1`, [doors]);
    expect(note.rows[0].note).toMatch(/^Doors with panic or fire exit hardware/);
    // The new rows carry the library's sources after the sync, and the items and property are due now.
    const sources = await q(
      `select l.source, l.principal from requirement_library l where l.code_set = 'us-nfpa' and l.key in ('sprinkler_system.5-year-internal-pipe-assessment', 'emergency_exits.monthly-exit-sign-check') order by l.key`,
    );
    expect(sources.rows).toEqual([
      { source: 'NFPA 101 (2021) 7.10.9.1', principal: true },
      { source: 'NFPA 25 (2023) 14.2.1', principal: false },
    ]);
    const items = await q(`select item_type, next_due_date::text as due from compliance_items where property_id = $1 order by item_type`, [mill]);
    expect(items.rows).toEqual([
      { item_type: 'sprinkler_system', due: today },
      { item_type: 'emergency_exits', due: '2030-01-01' },
      { item_type: 'fire_alarm', due: today },
    ]);
    const property = await q(`select earliest_due_date::text as due from properties where id = $1`, [mill]);
    expect(property.rows[0].due).toBe(today);
    // Cached answers of the account whose schedule changed are not served again; the other's stay.
    expect(await version(org)).toBeGreaterThan(versions.org);
    expect(await version(other)).toBe(versions.other);
  });
});
