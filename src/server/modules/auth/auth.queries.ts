import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { passwordResetTokens, sessions, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

const sameText = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Among accounts with one address: the one that confirmed it, else the newest. */
const ownerFirst = [sql`${users.emailConfirmedAt} is not null desc`, desc(users.createdAt), desc(users.id)];

/**
 * Sign-in accepts the username or the e-mail address. Several accounts may carry one address
 * while only one has confirmed it (users_confirmed_email_lower_key): the username first, then
 * the account that confirmed the address, then the newest that did not. Usernames cannot
 * contain '@', so a login never matches one account's username and another's address.
 */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(sameText(users.username, login), sameText(users.email, login)))
    .orderBy(desc(sameText(users.username, login)), ...ownerFirst)
    .limit(1);
  return row;
}

/** Who a reset link for this address goes to: its confirmed owner, else the newest account with it. */
export async function findResetTarget(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sameText(users.email, email))
    .orderBy(...ownerFirst)
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof users.$inferInsert, 'id'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    // A changed account also tells other instances to look its sessions up again.
    .set({ ...values, updatedAt: new Date(), sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

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

const userById = preparedOnce((db: Db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('firemark_user_by_id'),
);

/** The account of a remembered session, on every request. */
export async function findUserForSession(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
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

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: number; email: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export async function findUsableResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Marks the token used; false when another request used it first. */
export async function consumeResetToken(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return used.length === 1;
}

/** A new reset link makes the older unused ones of the account worthless. */
export async function retireResetTokens(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
