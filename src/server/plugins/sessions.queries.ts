import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { sessions, users, type UserRow } from '../db/schema/index';
import type { Plan } from '@shared/plans';
import type { Role } from '@shared/permissions';

/** One of a person's organisations as the request needs it: their membership and the organisation's plan, zone and cache version. */
export interface MembershipAccess {
  organizationId: number;
  organizationName: string;
  role: Role;
  inspectorId: number | null;
  /** Null for every property. */
  propertyIds: number[] | null;
  timeZone: string;
  plan: Plan;
  proUntil: Date | null;
  dataVersion: number;
}

/** The person behind a session with every organisation they belong to, oldest membership first. */
export type PersonRow = UserRow & { memberships: MembershipAccess[] };

type MembershipJson = Omit<MembershipAccess, 'proUntil'> & { proUntil: string | null };

/**
 * The person's memberships in the same statement as their row: a role changed or a member
 * removed shows at their next request, on any instance. A person has a few, so all are read
 * and the session's organisation is picked from them (plugins/auth.ts).
 */
const membershipsOfUser = sql<MembershipJson[]>`coalesce((
  select json_agg(json_build_object(
    'organizationId', m.organization_id, 'organizationName', o.name, 'role', m.role, 'inspectorId', m.inspector_id,
    'propertyIds', case when m.all_properties then null else (
      select coalesce(array_agg(mp.property_id order by mp.property_id), '{}') from membership_properties mp where mp.membership_id = m.id) end,
    'timeZone', o.time_zone, 'plan', o.plan, 'proUntil', o.pro_until, 'dataVersion', o.data_version
  ) order by m.created_at, m.id)
  from memberships m join organizations o on o.id = m.organization_id
  where m.user_id = "users"."id"), '[]'::json)`;

function withMemberships<T extends { user: UserRow; memberships: MembershipJson[] }>(row: T): Omit<T, 'memberships' | 'user'> & { user: PersonRow } {
  const { memberships, user, ...rest } = row;
  return {
    ...rest,
    user: { ...user, memberships: memberships.map((m) => ({ ...m, proUntil: m.proUntil === null ? null : new Date(m.proUntil) })) },
  };
}

/** The session rows behind the cookie (plugins/auth.ts); the auth module signs in and out through them. */

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; organizationId?: number | null; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    organizationId: values.organizationId ?? null,
    userAgent: values.userAgent?.slice(0, 300) ?? null,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
  });
}

const sessionByToken = preparedOnce((db: Db) =>
  db
    .select({
      user: users,
      memberships: membershipsOfUser,
      organizationId: sessions.organizationId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('firemark_session_by_token'),
);

/** The session and its account, the account's session version read in the same statement. */
export async function findSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: PersonRow; organizationId: number | null; lastSeenAt: Date; expiresAt: Date } | undefined> {
  const [row] = await sessionByToken(db).execute({ tokenHash, now });
  return row && withMemberships(row);
}

const usersByIds = preparedOnce((db: Db) =>
  db
    .select({ user: users, memberships: membershipsOfUser })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('firemark_users_by_ids'),
);

/** The accounts of remembered sessions, read on every request (plugins/account-reads.ts). */
export async function findUsersForSessions(db: Db, ids: number[]): Promise<PersonRow[]> {
  const rows = await usersByIds(db).execute({ ids });
  return rows.map((row) => withMemberships(row).user);
}

/** The organisation a session acts on from now; the person's session version rises so every instance re-reads it. */
export async function setSessionOrganization(db: DbOrTx, tokenHash: string, userId: number, organizationId: number): Promise<void> {
  await db.execute(sql`
    with switched as (update ${sessions} set organization_id = ${organizationId} where token_hash = ${tokenHash} and user_id = ${userId} returning 1)
    update ${users} set session_version = session_version + 1 where id = ${userId} and exists (select 1 from switched)`);
}

export async function touchSession(db: DbOrTx, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends one session. The account's session version rises in the same statement, so no
 * instance keeps trusting the token from memory (plugins/session-cache.ts).
 */
export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.execute(sql`
    with ended as (delete from ${sessions} where token_hash = ${tokenHash} returning user_id)
    update ${users} set session_version = session_version + 1 where id in (select user_id from ended)`);
}

/** Signs the account out everywhere, except the session given (the one making the change). */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepTokenHash?: string): Promise<void> {
  const keep = keepTokenHash ? sql`and token_hash <> ${keepTokenHash}` : sql``;
  await db.execute(sql`
    with ended as (delete from ${sessions} where user_id = ${userId} ${keep} returning 1)
    update ${users} set session_version = session_version + 1 where id = ${userId}`);
}
