/**
 * Seeds organisation members straight into the suite's database, for browser tests about what a
 * member sees (the invitation journey has a test of its own). Raw SQL on purpose: the browser
 * suite talks to the built server, not to its modules.
 */
import type { Role } from '../../src/shared/permissions';
import pg from 'pg';
import { suiteDatabaseUrl } from '../fixtures';

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The organisation an account made at sign-up (it owns it). */
export async function ownOrganizationId(username: string): Promise<number> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select m.organization_id as id from memberships m join users u on u.id = m.user_id
        where u.username = $1 and m.role = 'owner' order by m.id limit 1`,
      [username],
    );
    if (!rows[0]) throw new Error(`${username} owns no organisation`);
    return rows[0].id;
  });
}

/** Puts the organisation on Pro (members are a Pro feature), as the operator's CLI would. */
export async function grantOrganizationPro(organizationId: number): Promise<void> {
  await withClient((client) =>
    client.query(`update organizations set plan = 'pro', plan_source = 'complimentary' where id = $1`, [organizationId]),
  );
}

/** Marks an account's address confirmed, for tests about something else than that e-mail. */
export async function confirmAddress(username: string): Promise<void> {
  await withClient((client) => client.query('update users set email_confirmed_at = now() where username = $1', [username]));
}

interface MemberSeed {
  organizationId: number;
  username: string;
  role: Role;
  /** null for every property. */
  propertyIds?: number[] | null;
  /** The organisation's inspectors row the member is (an inspector's assignments). */
  inspectorId?: number | null;
}

/** Adds an existing account to an organisation with a role, as accepting an invitation would. */
export async function addMember({ organizationId, username, role, propertyIds = null, inspectorId = null }: MemberSeed): Promise<void> {
  await withClient(async (client) => {
    await client.query('begin');
    const { rows } = await client.query<{ id: number }>(
      `insert into memberships (organization_id, user_id, role, all_properties, inspector_id)
       select $1, u.id, $3, $4, $5 from users u where u.username = $2
       returning id`,
      [organizationId, username, role, propertyIds === null, inspectorId],
    );
    if (!rows[0]) throw new Error(`no account ${username}`);
    for (const propertyId of propertyIds ?? []) {
      await client.query('insert into membership_properties (membership_id, property_id) values ($1, $2)', [rows[0].id, propertyId]);
    }
    // Answers remembered for the organisation are computed again with the new member.
    await client.query('update organizations set data_version = data_version + 1 where id = $1', [organizationId]);
    await client.query('commit');
  });
}
