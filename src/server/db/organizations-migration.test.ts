import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeOrganization } from '../access';
import { listPropertiesPage } from '../modules/properties/properties.queries';
import { findLiveToken } from '../plugins/api-tokens.queries';
import { findSessionUser } from '../plugins/sessions.queries';
import { databaseBefore, type DatabaseBeforeMigration } from '../testing/migration-db';
import { createDb } from './client';

/**
 * Teams on a database that already holds accounts with data in every table an account owned:
 * each account becomes the owner of an organisation with its own id, holding all of it, its
 * plan and its Stripe customer, and no row or id changes. Runs the migrations up to the one
 * before, seeds the old shape, then runs the rest.
 */
const MIGRATION = '0022_organizations';

/** Every table that had a user_id naming the account that owned the row. */
const OWNED = [
  'properties',
  'requirements',
  'requirement_changes',
  'requirement_reminder_logs',
  'inspectors',
  'inspections',
  'deficiencies',
  'deficiency_photos',
  'account_report_counters',
  'reports',
  'reminder_logs',
  'reminder_settings',
  'support_requests',
  'csv_imports',
  'mail_consents',
  'billing_invoices',
  'billing_payment_methods',
  'billing_setup_intents',
  'billing_subscriptions',
  'calendar_feeds',
  'undo_actions',
  'webhook_endpoints',
  'api_tokens',
];

let database: DatabaseBeforeMigration;
let pool: pg.Pool;

beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  pool = database.pool;
});

afterAll(() => database.drop());

async function seedAccount(pool: pg.Pool, name: string, plan: { plan: string; source: string | null; customer: string | null }) {
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as { id: number } | undefined;
  const user = (await q(
    `insert into users (username, password_hash, email, full_name, time_zone, plan, plan_source, stripe_customer_id, stripe_subscription_id, trial_started_at, data_version)
     values ($1, 'x', $1 || '@example.com', initcap($1) || ' Owner', 'America/New_York', $2, $3, $4, $5, now() - interval '3 days', 7) returning id`,
    [name, plan.plan, plan.source, plan.customer, plan.customer ? `sub_${name}` : null],
  ))!.id;
  const property = (await q(
    `insert into properties (user_id, name, address_line1, city, state, zip, manager_email) values ($1, $2, '1 Road', 'Reno', 'NV', '89501', 'm@example.com') returning id`,
    [user, `${name} Mill`],
  ))!.id;
  const requirement = (await q(
    `insert into requirements (user_id, property_id, item_type, activity, next_due_date, interval_months) values ($1, $2, 'fire_alarm', 'Annual test', '2026-12-01', 12) returning id`,
    [user, property],
  ))!.id;
  const inspector = (await q(`insert into inspectors (user_id, name) values ($1, 'Sam Ortiz') returning id`, [user]))!.id;
  const inspection = (await q(
    `insert into inspections (user_id, property_id, inspection_type, due_date, assigned_to, inspector_id) values ($1, $2, 'fire_alarm', '2026-12-01', 'Sam Ortiz', $3) returning id`,
    [user, property, inspector],
  ))!.id;
  const deficiency = (await q(
    `insert into deficiencies (user_id, property_id, inspection_id, item_type, description, severity) values ($1, $2, $3, 'fire_alarm', 'Panel fault', 'critical') returning id`,
    [user, property, inspection],
  ))!.id;
  await q(`insert into deficiency_photos (user_id, deficiency_id, storage_key, content_type, byte_size) values ($1, $2, $3, 'image/jpeg', 10)`, [user, deficiency, `${name}-photo`]);
  await q(`insert into requirement_changes (user_id, property_id, requirement_id, kind, detail, changed_by) values ($1, $2, $3, 'custom_added', 'Added', 'Owner')`, [user, property, requirement]);
  await q(`insert into requirement_reminder_logs (user_id, requirement_id, reminder_type, due_date) values ($1, $2, 'seven_day', '2026-12-01')`, [user, requirement]);
  await q(`insert into account_report_counters (user_id, year, last_number) values ($1, 2026, 3)`, [user]);
  await q(`insert into reports (user_id, property_id, file_name, report_number) values ($1, $2, 'r.pdf', 'FM-2026-000003')`, [user, property]);
  await q(`insert into reminder_logs (user_id, inspection_id, reminder_type, due_date) values ($1, $2, 'seven_day', '2026-12-01')`, [user, inspection]);
  await q(`insert into reminder_settings (user_id, frequency) values ($1, 'daily')`, [user]);
  await q(`insert into support_requests (user_id, subject, message, user_email) values ($1, 'Help', 'Please', $2 || '@example.com')`, [user, name]);
  await q(`insert into csv_imports (user_id, filename, total_rows) values ($1, 'p.csv', 1)`, [user]);
  await q(`insert into mail_consents (user_id, address) values ($1, 'm@example.com')`, [user]);
  await q(`insert into billing_subscriptions (id, user_id) values ($1, $2)`, [`sub_${name}`, user]);
  await q(
    `insert into billing_invoices (id, user_id, subscription_id, number, amount, currency, status, period_start, period_end)
     values ($1, $2, $3, 'INV-1', 4900, 'usd', 'paid', now() - interval '30 days', now())`,
    [`in_${name}`, user, `sub_${name}`],
  );
  await q(`insert into billing_payment_methods (id, user_id, brand, last4, exp_month, exp_year) values ($1, $2, 'visa', '4242', 12, 2030)`, [`pm_${name}`, user]);
  await q(`insert into billing_setup_intents (client_secret, user_id) values ($1, $2)`, [`seti_${name}_secret`, user]);
  await q(`insert into calendar_feeds (user_id, secret, token_hash) values ($1, 's', $2)`, [user, `feed-${name}`]);
  await q(
    `insert into undo_actions (id, user_id, property_id, kind, before, after_fingerprint, expires_at) values ($1, $2, $3, 'delete_property', '{}', 'f', now() + interval '1 minute')`,
    [`undo-${name}`, user, property],
  );
  await q(`insert into webhook_endpoints (user_id, url, events, secret) values ($1, 'https://hooks.example.com/x', '{inspection.completed}', 'whsec')`, [user]);
  await q(`insert into api_tokens (user_id, name, token_hash, prefix, access) values ($1, 'Sync', $2, 'fm_abcd', 'read')`, [user, `token-${name}`]);
  await q(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [`session-${name}`, user]);
  return { user, property };
}

describe(`migration ${MIGRATION}`, () => {
  it('makes every account the owner of an organisation with its id, holding all its rows, its plan and its Stripe customer', async () => {
    const alpha = await seedAccount(pool, 'alpha', { plan: 'pro', source: 'billing', customer: 'cus_alpha' });
    const bravo = await seedAccount(pool, 'bravo', { plan: 'free', source: null, customer: null });
    const countsBefore = new Map<string, number>();
    for (const table of OWNED) {
      const { rows } = await pool.query(`select user_id, count(*)::int as n from ${table} group by user_id order by user_id`);
      // Data in every table an account owned, for both accounts.
      expect(rows, table).toEqual([
        { user_id: alpha.user, n: expect.any(Number) },
        { user_id: bravo.user, n: expect.any(Number) },
      ]);
      countsBefore.set(table, rows.reduce((sum, r) => sum + r.n, 0));
    }
    const idsBefore = (await pool.query(`select id from properties order by id`)).rows;

    await database.migrateRest();

    for (const table of OWNED) {
      const { rows } = await pool.query(`select organization_id, count(*)::int as n from ${table} group by organization_id order by organization_id`);
      expect(rows.map((r) => r.organization_id), table).toEqual([alpha.user, bravo.user]);
      expect(rows.reduce((sum, r) => sum + r.n, 0), table).toBe(countsBefore.get(table));
    }
    expect((await pool.query(`select id from properties order by id`)).rows).toEqual(idsBefore);

    const organizations = await pool.query(
      `select id, name, time_zone, plan, plan_source, stripe_customer_id, stripe_subscription_id, trial_started_at is not null as trial, data_version
       from organizations order by id`,
    );
    expect(organizations.rows).toEqual([
      { id: alpha.user, name: 'Alpha Owner', time_zone: 'America/New_York', plan: 'pro', plan_source: 'billing', stripe_customer_id: 'cus_alpha', stripe_subscription_id: 'sub_alpha', trial: true, data_version: 7 },
      { id: bravo.user, name: 'Bravo Owner', time_zone: 'America/New_York', plan: 'free', plan_source: null, stripe_customer_id: null, stripe_subscription_id: null, trial: true, data_version: 7 },
    ]);
    const members = await pool.query(`select organization_id, user_id, role, all_properties from memberships order by organization_id`);
    expect(members.rows).toEqual([
      { organization_id: alpha.user, user_id: alpha.user, role: 'owner', all_properties: true },
      { organization_id: bravo.user, user_id: bravo.user, role: 'owner', all_properties: true },
    ]);

    // What the app reads of it: a signed-in session acts on the owner's organisation, a token
    // acts as its maker, and the properties are where they were.
    const db = createDb(pool);
    const session = await findSessionUser(db, 'session-alpha', new Date());
    expect(session?.organizationId).toBe(alpha.user);
    expect(session?.user.memberships).toMatchObject([{ organizationId: alpha.user, role: 'owner', plan: 'pro', propertyIds: null, timeZone: 'America/New_York' }]);
    const token = await findLiveToken(db, 'token-bravo');
    expect(token?.account).toMatchObject({ organizationId: bravo.user, userId: bravo.user, role: 'owner', plan: 'free' });
    const listed = await listPropertiesPage(db, wholeOrganization(alpha.user), { sort: 'name_asc', limit: 10, offset: 0 }, '2026-11-27');
    expect(listed.map((p) => p.id)).toEqual([alpha.property]);

    // A new account's id, and a new organisation's, are never one that is taken.
    const next = await pool.query(`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`);
    expect(next.rows[0].id).toBeGreaterThan(Math.max(alpha.user, bravo.user));
  });
});
