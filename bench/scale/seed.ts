import pg from 'pg';
import { hashPassword } from '../../src/server/passwords';
import { seedPortfolios } from '../portfolio';

export const SCALE_PASSWORD = 'bench-password';

export interface ScaleAccount {
  /** The person's id, which is also their own organisation's id. */
  id: number;
  username: string;
}

/**
 * `count` accounts as sign-up makes them, in a few set-based statements: a person with a
 * confirmed address (password SCALE_PASSWORD), their own organisation with the person's id,
 * and their owner membership. The organisations' history starts with these rows, as sign-up's does.
 */
export async function createAccounts(url: string, prefix: string, count: number): Promise<ScaleAccount[]> {
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<ScaleAccount & { full_name: string }>(
      `insert into users (username, password_hash, email, full_name, time_zone, email_confirmed_at)
       select $1 || g, $2, $1 || g || '@example.com', 'Portfolio ' || g, 'UTC', now() from generate_series(1, $3) g
       order by g
       returning id, username, full_name`,
      [prefix, passwordHash, count],
    );
    const ids = rows.map((r) => r.id);
    await client.query(
      `insert into organizations (id, name, time_zone) select u.id, u.full_name, u.time_zone from users u where u.id = any($1)`,
      [ids],
    );
    await client.query(`insert into memberships (organization_id, user_id, role) select id, id, 'owner' from unnest($1::int[]) id`, [ids]);
    await client.query('commit');
    return rows.map((r) => ({ id: r.id, username: r.username }));
  } finally {
    await client.end();
  }
}

/** A session of `username` on a running server, signed in as the sign-in form does (from the app's `origin`, APP_URL's). */
export async function signIn(baseUrl: string, username: string, origin = new URL(baseUrl).origin): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password: SCALE_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Signing in ${username} answered ${response.status}: ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

export interface ScaleSeed {
  large: ScaleAccount;
  small: ScaleAccount[];
  counts: { largeProperties: number; largeInspections: number; smallOrganizations: number; smallProperties: number; smallInspections: number };
  seedMs: number;
}

/**
 * Issue 34's data at `factor` of its size: one organisation of 100,000 properties and 1,000,000
 * inspections, and 1,000 organisations of 100 properties (500 inspections each, a fifth open,
 * with their requirements). Never fewer than 100 small organisations: the mixed load uses 100.
 */
export async function seedScale(url: string, factor: number): Promise<ScaleSeed> {
  const counts = {
    largeProperties: Math.max(100, Math.round(100_000 * factor)),
    largeInspections: Math.max(1000, Math.round(1_000_000 * factor)),
    smallOrganizations: Math.max(100, Math.round(1000 * factor)),
    smallProperties: 100,
    smallInspections: 500,
  };
  const started = performance.now();
  const [large] = await createAccounts(url, 'scale-large-', 1);
  const small = await createAccounts(url, 'scale-small-', counts.smallOrganizations);
  await seedPortfolios(url, [large!.id], { properties: counts.largeProperties, inspections: counts.largeInspections });
  await seedPortfolios(
    url,
    small.map((a) => a.id),
    { properties: counts.smallProperties, inspections: counts.smallInspections },
  );
  return { large: large!, small, counts, seedMs: performance.now() - started };
}
