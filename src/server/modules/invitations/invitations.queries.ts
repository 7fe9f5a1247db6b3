import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, organizations, users, type InvitationRow } from '../../db/schema/index';

export type { InvitationRow };

const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The organisation's open invitations (pending or expired), newest first, with the inviter's name. */
export function listOpenInvitations(db: DbOrTx, organizationId: number) {
  return db
    .select({ invitation: invitations, invitedBy: sql<string | null>`coalesce(${users.fullName}, ${users.username})` })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.organizationId, organizationId), open))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function findOpenInvitation(db: DbOrTx, organizationId: number, id: number) {
  const [row] = await db
    .select({ invitation: invitations, invitedBy: sql<string | null>`coalesce(${users.fullName}, ${users.username})` })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), open));
  return row;
}

/** The open invitation to this address (any case), if there is one. */
export async function findOpenInvitationTo(db: DbOrTx, organizationId: number, email: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), sql`lower(${invitations.email}) = lower(${email})`, open));
  return row;
}

/** Invitation mails the organisation sent (new or again) since `since`. */
export async function countSentSince(db: DbOrTx, organizationId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), gt(invitations.lastSentAt, since)));
  return row!.n;
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

/** A new link for an open invitation: the old one stops working. */
export async function renewInvitation(db: DbOrTx, id: number, values: { tokenHash: string; expiresAt: Date; now: Date }): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: values.tokenHash, expiresAt: values.expiresAt, lastSentAt: values.now })
    .where(and(eq(invitations.id, id), open))
    .returning();
  return row;
}

export async function revokeInvitation(db: DbOrTx, organizationId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), open))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** The invitation a link names, with its organisation's name and its inviter; locked when `lock`. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      organizationName: organizations.name,
      invitedBy: sql<string | null>`coalesce(${users.fullName}, ${users.username})`,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** Locks the invitation's row, so that two accepts of one link run one after the other. */
export async function lockInvitation(db: DbOrTx, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row;
}

export async function markAccepted(db: DbOrTx, id: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(invitations.id, id), open))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** The organisation's plan columns, to tell whether it has Pro at this moment. */
export async function findOrganizationPlan(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ plan: organizations.plan, proUntil: organizations.proUntil })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}
