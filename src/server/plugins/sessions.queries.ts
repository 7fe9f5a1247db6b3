import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { sessions, users, type UserRow } from '../db/schema/index';

/** The session rows behind the cookie (plugins/auth.ts); the auth module signs in and out through them. */

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    userAgent: values.userAgent?.slice(0, 300) ?? null,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
  });
}

const sessionByToken = preparedOnce((db: Db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
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
): Promise<{ user: UserRow; lastSeenAt: Date; expiresAt: Date } | undefined> {
  const [row] = await sessionByToken(db).execute({ tokenHash, now });
  return row;
}

const usersByIds = preparedOnce((db: Db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('firemark_users_by_ids'),
);

/** The accounts of remembered sessions, read on every request (plugins/account-reads.ts). */
export async function findUsersForSessions(db: Db, ids: number[]): Promise<UserRow[]> {
  return usersByIds(db).execute({ ids });
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
