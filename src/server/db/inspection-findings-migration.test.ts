import type pg from 'pg';
import { databaseBefore, type DatabaseBeforeMigration } from '../testing/migration-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Findings kept apart from instructions, on a database whose completions wrote their notes over
 * the scheduling notes: a completed inspection's notes become its findings, an open one's stay
 * its instructions, and earlier attestations are a performer's. Runs the migrations up to the
 * one before, seeds the old shape, then runs the rest.
 */
const MIGRATION = '0019_inspection_findings_and_signer';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it("moves completed inspections' notes to their findings, keeps open ones' as instructions, and marks earlier signers as performers", async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const user = (await q(`insert into users (username, password_hash, email) values ('old', 'x', 'old@example.com') returning id`)).rows[0].id as number;
    const property = (
      await q(`insert into properties (user_id, name, address_line1, city, state, zip, manager_email) values ($1, 'Mill', '1 Road', 'Reno', 'NV', '89501', 'm@example.com') returning id`, [user])
    ).rows[0].id as number;
    const inspection = async (status: string, notes: string | null, attestation: string | null) =>
      (
        await q(
          `insert into inspections (user_id, property_id, inspection_type, due_date, status, notes, assigned_to, completed_date, attestation_statement, attestation_name, attested_at)
           values ($1, $2, 'fire_alarm', '2026-04-01', $3::inspection_status, $4, 'Acme Fire', case when $3::text = 'completed' then now() end,
             $5::text, case when $5::text is not null then 'Dana Cole' end, case when $5::text is not null then now() end)
           returning id`,
          [user, property, status, notes, attestation],
        )
      ).rows[0].id as number;
    const completed = await inspection('completed', 'Valve 3 corroded', 'I performed this inspection as recorded.');
    const open = await inspection('scheduled', 'Bring the tag punch', null);
    const quiet = await inspection('completed', null, null);

    await database.migrateRest();

    const rows = (await q(`select id, notes, completion_notes, attestation_role from inspections order by id`)).rows;
    expect(rows).toEqual([
      { id: completed, notes: null, completion_notes: 'Valve 3 corroded', attestation_role: 'performer' },
      { id: open, notes: 'Bring the tag punch', completion_notes: null, attestation_role: null },
      { id: quiet, notes: null, completion_notes: null, attestation_role: null },
    ]);
  });
});
