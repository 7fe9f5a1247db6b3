import { and, eq, sql } from 'drizzle-orm';
import type { MailConsentStatus } from '@shared/schemas/mail-consent';
import type { DbOrTx } from '../../db/client';
import { mailConsentTokens, mailConsents, organizations, properties } from '../../db/schema/index';

export type ConsentRow = typeof mailConsents.$inferSelect;

export async function findConsent(db: DbOrTx, organizationId: number, address: string): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(mailConsents)
    .where(and(eq(mailConsents.organizationId, organizationId), eq(mailConsents.address, address)));
  return row;
}

/** Records an invitation: a new consent row, or the time of another one on a row still waiting. */
export async function recordInvitation(db: DbOrTx, organizationId: number, address: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailConsents)
    .values({ organizationId, address, status: 'invited', invitedAt: now })
    .onConflictDoUpdate({
      target: [mailConsents.organizationId, mailConsents.address],
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
      accountName: organizations.name,
      // The organisation's first owner: whom a manager can write to about the mail.
      accountEmail: sql<string>`(select u.email from memberships m join users u on u.id = m.user_id
        where m.organization_id = ${organizations.id} and m.role = 'owner' order by m.created_at, m.id limit 1)`,
    })
    .from(mailConsentTokens)
    .innerJoin(mailConsents, eq(mailConsents.id, mailConsentTokens.consentId))
    .innerJoin(organizations, eq(organizations.id, mailConsents.organizationId))
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
export async function suppressQueuedManagerMail(db: DbOrTx, organizationId: number, address: string): Promise<void> {
  await db.execute(sql`
    update email_outbox set status = 'suppressed', last_error = 'Not sent: the recipient unsubscribed'
    where organization_id = ${organizationId} and lower(to_address) = ${address} and status = 'pending' and kind like 'manager\\_%'
  `);
}

/** The account's properties that name this manager address, for the confirm page. */
export async function propertyNamesFor(db: DbOrTx, organizationId: number, address: string, limit = 5): Promise<string[]> {
  const rows = await db
    .select({ name: properties.name })
    .from(properties)
    .where(and(eq(properties.organizationId, organizationId), sql`lower(${properties.managerEmail}) = ${address}`))
    .orderBy(properties.name)
    .limit(limit);
  return rows.map((r) => r.name);
}
