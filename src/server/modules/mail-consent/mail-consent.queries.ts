import { and, eq, sql } from 'drizzle-orm';
import type { MailConsentStatus } from '@shared/schemas/mail-consent';
import type { DbOrTx } from '../../db/client';
import { mailConsents, mailConsentTokens, properties, users } from '../../db/schema/index';

export type ConsentRow = typeof mailConsents.$inferSelect;

export async function findConsent(db: DbOrTx, userId: number, address: string): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(mailConsents)
    .where(and(eq(mailConsents.userId, userId), eq(mailConsents.address, address)));
  return row;
}

/** Records an invitation: a new consent row, or the time of another one on a row still waiting. */
export async function recordInvitation(db: DbOrTx, userId: number, address: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailConsents)
    .values({ userId, address, status: 'invited', invitedAt: now })
    .onConflictDoUpdate({
      target: [mailConsents.userId, mailConsents.address],
      set: { invitedAt: now, updatedAt: now },
    })
    .returning({ id: mailConsents.id });
  return row!.id;
}

export async function insertToken(db: DbOrTx, consentId: number, tokenHash: string): Promise<void> {
  await db.insert(mailConsentTokens).values({ consentId, tokenHash });
}

export interface ConsentByToken extends ConsentRow {
  accountName: string;
  accountEmail: string;
}

export async function findConsentByToken(db: DbOrTx, tokenHash: string, forUpdate = false): Promise<ConsentByToken | undefined> {
  const query = db
    .select({
      consent: mailConsents,
      accountName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      accountEmail: users.email,
    })
    .from(mailConsentTokens)
    .innerJoin(mailConsents, eq(mailConsents.id, mailConsentTokens.consentId))
    .innerJoin(users, eq(users.id, mailConsents.userId))
    .where(eq(mailConsentTokens.tokenHash, tokenHash));
  const [row] = forUpdate ? await query.for('update', { of: mailConsents }) : await query;
  return row && { ...row.consent, accountName: row.accountName, accountEmail: row.accountEmail };
}

export async function setConsentStatus(db: DbOrTx, id: number, status: Exclude<MailConsentStatus, 'invited'>, now: Date): Promise<void> {
  await db
    .update(mailConsents)
    .set(status === 'confirmed' ? { status, confirmedAt: now, updatedAt: now } : { status, unsubscribedAt: now, updatedAt: now })
    .where(eq(mailConsents.id, id));
}

/** Mail to this address that is queued but not yet delivered is not sent after an unsubscribe. */
export async function suppressQueuedManagerMail(db: DbOrTx, userId: number, address: string): Promise<void> {
  await db.execute(sql`
    update email_outbox set status = 'suppressed', last_error = 'Not sent: the recipient unsubscribed'
    where user_id = ${userId} and lower(to_address) = ${address} and status = 'pending' and kind like 'manager\\_%'
  `);
}

/** The account's properties that name this manager address, for the confirm page. */
export async function propertyNamesFor(db: DbOrTx, userId: number, address: string, limit = 5): Promise<string[]> {
  const rows = await db
    .select({ name: properties.name })
    .from(properties)
    .where(and(eq(properties.userId, userId), sql`lower(${properties.managerEmail}) = ${address}`))
    .orderBy(properties.name)
    .limit(limit);
  return rows.map((r) => r.name);
}
