import { and, count, eq, gt, isNull, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailConfirmationTokens, users, type UserRow } from '../../db/schema/index';

/** The account (other than `exceptUserId`) that has confirmed this address, if any. */
export async function findConfirmedOwner(db: DbOrTx, email: string, exceptUserId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNotNull(users.emailConfirmedAt), ne(users.id, exceptUserId)));
  return row;
}

/** The account's row, locked: requests at once for one account then count and confirm one after the other. */
export async function lockUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** How many confirmations the account asked for since `since`, and when the first of them was. */
export async function countConfirmationsSince(db: DbOrTx, userId: number, since: Date): Promise<{ count: number; first: Date | null }> {
  const [row] = await db
    .select({ count: count(), first: sql<string | Date | null>`min(${emailConfirmationTokens.createdAt})` })
    .from(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.userId, userId), gt(emailConfirmationTokens.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ? new Date(row.first) : null };
}

export async function insertConfirmationToken(
  db: DbOrTx,
  values: { userId: number; email: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmationTokens).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export async function findUsableConfirmationToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(emailConfirmationTokens)
    .where(
      and(
        eq(emailConfirmationTokens.tokenHash, tokenHash),
        isNull(emailConfirmationTokens.usedAt),
        gt(emailConfirmationTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Marks the token used; false when another request used it first. */
export async function consumeConfirmationToken(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(emailConfirmationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmationTokens.id, id), isNull(emailConfirmationTokens.usedAt)))
    .returning({ id: emailConfirmationTokens.id });
  return used.length === 1;
}

/** Once an address is confirmed, the account's other links are worth nothing. */
export async function retireConfirmationTokens(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(emailConfirmationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmationTokens.userId, userId), isNull(emailConfirmationTokens.usedAt)));
}

/**
 * Confirms the account's address if it is still `email` and not confirmed yet; false
 * otherwise. Throws a unique violation if another account confirmed the address meanwhile.
 */
export async function markEmailConfirmed(db: DbOrTx, userId: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt), sql`lower(${users.email}) = lower(${email})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Takes the owner's notice slot if the last notice is older than `since`; false if one was sent since. */
export async function claimAccountExistsNotice(db: DbOrTx, ownerId: number, now: Date, since: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ accountExistsNoticeAt: now })
    .where(and(eq(users.id, ownerId), or(isNull(users.accountExistsNoticeAt), lt(users.accountExistsNoticeAt, since))))
    .returning({ id: users.id });
  return rows.length === 1;
}
