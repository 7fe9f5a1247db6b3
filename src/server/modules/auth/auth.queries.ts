import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users, type UserRow } from '../../db/schema/index';
import type { Tx } from '../../db/transaction';

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

/**
 * Takes the address's reset lock until the transaction ends, then counts the reset mails the
 * outbox holds for it from the last hour (the account's, so its index serves the count).
 */
export async function lockAndCountResetMails(tx: Tx, userId: number, email: string): Promise<number> {
  await tx.executeSql("select pg_advisory_xact_lock(hashtextextended('password-reset:' || lower($1), 0))", [email]);
  const result = await tx.executeSql(
    `select count(*)::int as n from email_outbox
     where user_id = $1 and kind = 'password_reset' and lower(to_address) = lower($2) and created_at > now() - interval '1 hour'`,
    [userId, email],
  );
  return result.rows[0].n as number;
}
