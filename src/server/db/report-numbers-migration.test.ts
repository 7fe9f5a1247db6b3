import type pg from 'pg';
import { databaseBefore, type DatabaseBeforeMigration } from '../testing/migration-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextReportNumber } from '../modules/reports/reports.queries';
import { createDb } from './client';

/**
 * Report numbers going per account, on a database that already holds reports numbered across
 * all accounts: each account goes on from its own highest number of the year, and no number
 * an account holds is given to it again. Runs the migrations up to the one before, seeds the
 * old shape, then runs the rest.
 */
const MIGRATION = '0017_hostile_files_and_revocation';

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

describe(`migration ${MIGRATION}`, () => {
  it("goes on from each account's own highest number, and keeps every number given", async () => {
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    const account = async (username: string) => {
      const user = (await q(`insert into users (username, password_hash, email) values ($1, 'x', $1 || '@example.com') returning id`, [username])).rows[0].id as number;
      const property = (
        await q(`insert into properties (user_id, name, address_line1, city, state, zip, manager_email) values ($1, 'Mill', '1 Road', 'Reno', 'NV', '89501', 'm@example.com') returning id`, [user])
      ).rows[0].id as number;
      return { user, property };
    };
    const a = await account('alpha');
    const b = await account('bravo');
    const report = (owner: { user: number; property: number }, number: string | null) =>
      q(`insert into reports (user_id, property_id, file_name, pdf, report_number) values ($1, $2, 'r.pdf', '\\x25504446'::bytea, $3)`, [owner.user, owner.property, number]);
    // Numbered across all accounts, as before: alpha got 1, 2 and 4 of 2026, bravo 3 of 2026 and 9 of 2025.
    await report(a, 'FM-2026-000001');
    await report(a, 'FM-2026-000002');
    await report(b, 'FM-2026-000003');
    await report(a, 'FM-2026-000004');
    await report(b, 'FM-2025-000009');
    await report(b, null); // made before numbering
    await q(`insert into report_number_counters (year, last_number) values (2026, 4), (2025, 9)`);

    await database.migrateRest();

    const db = createDb(pool);
    expect(await nextReportNumber(db, a.user, 2026)).toBe('FM-2026-000005');
    expect(await nextReportNumber(db, b.user, 2026)).toBe('FM-2026-000004');
    expect(await nextReportNumber(db, b.user, 2025)).toBe('FM-2025-000010');
    expect(await nextReportNumber(db, a.user, 2027)).toBe('FM-2027-000001');
    // The reports and their numbers are as they were.
    expect((await q(`select report_number from reports order by id`)).rows.map((r) => r.report_number)).toEqual([
      'FM-2026-000001',
      'FM-2026-000002',
      'FM-2026-000003',
      'FM-2026-000004',
      'FM-2025-000009',
      null,
    ]);
  });
});
