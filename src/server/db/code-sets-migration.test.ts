import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { databaseBefore, oldOrganization, oldProperty, type DatabaseBeforeMigration } from '../testing/migration-db';

/**
 * Issue 37 §3: Canadian properties that exist before the migration move to Ontario's Fire Code
 * (in Ontario) or the National Fire Code of Canada, as a change of set does: the same
 * requirements with the new source and library row, their inspections and history kept, what
 * the new set does not ask kept but no longer applying, what it asks added; US properties stay.
 */
const MIGRATION = '0037_canadian_properties_code_sets';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it("moves Canadian properties' requirements to their code set, keeping every record, once", async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const org = await oldOrganization(pool, 9201, 'North Co');
    const newProperty = (name: string, country: string, state: string, zip: string) => oldProperty(pool, org, name, { country, state, zip });
    const toronto = await newProperty('Toronto Tower', 'ca', 'ON', 'M5V 2T6');
    const vancouver = await newProperty('Vancouver Hall', 'ca', 'BC', 'V6B 1A1');
    const chicago = await newProperty('Chicago Office', 'us', 'IL', '60601');
    const library = async (key: string) => (await q(`select id from requirement_library where code_set = 'us-nfpa' and key = $1`, [key])).rows[0].id as number;
    const exitSign = await library('emergency_exits.monthly-exit-sign-check');
    const egressDoor = await library('emergency_exits.annual-egress-door-inspection');
    const alarm = await library('fire_alarm.annual-test');
    // Never done, due Dec 1 (the alarm's last day comes from its inspection below).
    const requirement = async (property: number, itemType: string, libraryId: number, activity: string, months: number, source: string, principal: boolean) =>
      (
        await q(
          `insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, source, principal, next_due_date)
           values ($1, $2, $3, $4, $5, $6, $7, $8, '2026-12-01') returning id`,
          [org, property, itemType, libraryId, activity, months, source, principal],
        )
      ).rows[0].id as number;
    const made: Record<number, { sign: number; door: number; alarm: number; inspection: number }> = {};
    for (const property of [toronto, vancouver, chicago]) {
      const sign = await requirement(property, 'emergency_exits', exitSign, 'Monthly exit sign check', 1, 'NFPA 101 (2021) 7.10.9.1', false);
      const door = await requirement(property, 'emergency_exits', egressDoor, 'Annual egress door inspection', 12, 'NFPA 101 (2021) ch. 7, Inspection of Door Openings', true);
      const alarmId = await requirement(property, 'fire_alarm', alarm, 'Annual test', 12, 'NFPA 72 (2022) Table 14.4.3.2', true);
      const inspection = (
        await q(
          `insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, completed_date, status, compliance_result, assigned_to)
           values ($1, $2, 'fire_alarm', $3, '2025-12-01', '2025-12-01 12:00+00', 'completed', 'compliant', 'Sam Tech') returning id`,
          [org, property, alarmId],
        )
      ).rows[0].id as number;
      await q(`update requirements set last_done_on = '2025-12-01', last_result = 'compliant' where id = $1`, [alarmId]);
      made[property] = { sign, door, alarm: alarmId, inspection };
      for (const itemType of ['emergency_exits', 'fire_alarm']) {
        await q(`insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date) values ($1, $2, 'compliant', '2026-12-01', '2025-12-01')`, [property, itemType]);
      }
    }

    await database.migrateRest();

    const sets = await q(`select name, code_set from properties where organization_id = $1 order by name`, [org]);
    expect(sets.rows).toEqual([
      { name: 'Chicago Office', code_set: 'us-nfpa' },
      { name: 'Toronto Tower', code_set: 'ca-on' },
      { name: 'Vancouver Hall', code_set: 'ca-nfc' },
    ]);
    const rows = async (property: number) =>
      (
        await q(
          `select r.id, r.activity, r.interval_months as months, r.source, r.applies, r.active, r.principal, l.code_set, l.key,
             r.last_done_on::text as done, r.next_due_date::text as due, r.last_done_unknown as unknown
           from requirements r join requirement_library l on l.id = r.library_id where r.property_id = $1 order by r.item_type, l.key`,
          [property],
        )
      ).rows;
    const today = todayInTimeZone('UTC', new Date());
    const ontario = await rows(toronto);
    expect(ontario).toEqual([
      // The egress door inspection is NFPA 101's: kept with its history, no longer applying.
      expect.objectContaining({ id: made[toronto]!.door, code_set: 'us-nfpa', applies: false, active: false, principal: false, due: '2026-12-01' }),
      expect.objectContaining({ id: made[toronto]!.sign, code_set: 'ca-on', key: 'emergency_exits.monthly-exit-sign-check', applies: true, active: true, principal: true, source: expect.stringMatching(/^OFC \(O\. Reg\. 213\/07\)/) }),
      expect.objectContaining({ id: made[toronto]!.alarm, code_set: 'ca-on', key: 'fire_alarm.annual-test', months: 12, source: 'OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536', done: '2025-12-01', due: '2026-12-01' }),
      // CAN/ULC-S536's monthly test, which NFPA 72's set did not have: due now, last done not known.
      expect.objectContaining({ code_set: 'ca-on', key: 'fire_alarm.monthly-test', months: 1, due: today, unknown: true, done: null }),
    ]);
    const national = await rows(vancouver);
    expect(national.filter((r) => r.applies).map((r) => r.source)).toEqual([
      'NFC (2020) 2.7.3; Part 6, unit equipment',
      'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)',
      'NFC (2020) 6.3.1.2; CAN/ULC-S536 (2019)',
    ]);
    for (const row of [...ontario, ...national].filter((r) => r.applies)) expect(row.source).not.toMatch(/NFPA 101/);
    // The US property is as it was.
    expect((await rows(chicago)).map((r) => [r.code_set, r.source, r.applies])).toEqual([
      ['us-nfpa', 'NFPA 101 (2021) ch. 7, Inspection of Door Openings', true],
      ['us-nfpa', 'NFPA 101 (2021) 7.10.9.1', true],
      ['us-nfpa', 'NFPA 72 (2022) Table 14.4.3.2', true],
    ]);
    // Inspections stay with their requirement; each change is in its history.
    const inspections = await q(`select id, requirement_id from inspections where organization_id = $1 order by id`, [org]);
    expect(inspections.rows).toEqual([toronto, vancouver, chicago].map((p) => ({ id: made[p]!.inspection, requirement_id: made[p]!.alarm })));
    const changes = await q(`select property_id, count(*)::int as n from requirement_changes where organization_id = $1 and kind = 'code_set_changed' group by property_id order by property_id`, [org]);
    expect(changes.rows).toEqual([
      { property_id: toronto, n: 4 },
      { property_id: vancouver, n: 4 },
    ]);

    // Starting again changes nothing.
    await database.migrateRest();
    const again = await q(`select count(*)::int as n from requirement_changes where organization_id = $1`, [org]);
    expect(again.rows[0].n).toBe(8);
    expect(await rows(toronto)).toEqual(ontario);
  });
});
