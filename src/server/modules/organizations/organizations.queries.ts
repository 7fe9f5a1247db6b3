import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@shared/permissions';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations } from '../../db/schema/index';
import { MAIL_KINDS, type MailKind } from '../../email/mail-kinds';

/**
 * A new organisation. `id` is given for a person's first one (their own id, as on upgrade);
 * otherwise it is drawn from the users' id sequence, which no account will ever take.
 */
export async function insertOrganization(db: DbOrTx, values: { id?: number; name: string; timeZone: string }): Promise<number> {
  const [row] = await db
    .insert(organizations)
    .values({ id: values.id ?? sql`nextval(pg_get_serial_sequence('users', 'id'))`, name: values.name, timeZone: values.timeZone })
    .returning({ id: organizations.id });
  return row!.id;
}

export async function insertMembership(
  db: DbOrTx,
  values: { organizationId: number; userId: number; role: Role; allProperties?: boolean; inspectorId?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(memberships)
    .values({ ...values, allProperties: values.allProperties ?? true })
    .returning({ id: memberships.id });
  return row!.id;
}

export async function findOrganization(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

export async function updateOrganization(db: DbOrTx, id: number, values: { name: string; timeZone: string }) {
  const [row] = await db
    .update(organizations)
    .set({ ...values, dataVersion: sql`${organizations.dataVersion} + 1`, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone });
  return row!;
}

/** A person's time zone follows to the organisations they are alone in: one person's Firemark behaves as before teams. */
export async function followZoneWhereAlone(db: DbOrTx, userId: number, timeZone: string): Promise<void> {
  await db.execute(sql`
    update organizations o set time_zone = ${timeZone}, data_version = data_version + 1, updated_at = now()
    where o.time_zone <> ${timeZone}
      and exists (select 1 from memberships m where m.organization_id = o.id and m.user_id = ${userId})
      and not exists (select 1 from memberships m where m.organization_id = o.id and m.user_id <> ${userId})`);
}

export async function isMember(db: DbOrTx, organizationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return Boolean(row);
}

/** The organisation's row, locked until the transaction ends: a delete waits for writes in flight, and they for it. */
export async function lockOrganization(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

/**
 * Mail that is about the organisation's records and would only point at what is gone: an
 * invitation, a reminder, an alert, a report. Mail to the operator (support) and about billing
 * is still sent.
 */
const MAIL_ABOUT_RECORDS = (Object.keys(MAIL_KINDS) as MailKind[]).filter(
  (kind) => kind === 'member_invitation' || kind === 'manager_invitation' || (MAIL_KINDS[kind] === 'bulk' && !kind.startsWith('support_')),
);

/**
 * Deletes the organisation and, by their foreign keys, everything it owns (memberships,
 * invitations, properties and all beneath them, reports, tokens, share links, history). Its
 * members' sessions fall back to their next organisation: the sessions' column is set null,
 * and each member's session version rises so that no instance answers from a remembered
 * session (plugins/session-cache.ts). Answers the members' user ids.
 */
export async function deleteOrganization(db: DbOrTx, id: number): Promise<number[]> {
  const members = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, id));
  const userIds = members.map((m) => m.userId);
  await db.execute(sql`
    update email_outbox set status = 'suppressed', last_error = 'Not sent: its organisation was deleted.'
    where organization_id = ${id} and status in ('pending', 'held') and kind = any(${`{${MAIL_ABOUT_RECORDS.join(',')}}`}::text[])`);
  await db.delete(organizations).where(eq(organizations.id, id));
  if (userIds.length > 0) {
    await db.execute(sql`update users set session_version = session_version + 1 where id = any(${`{${userIds.join(',')}}`}::int[])`);
  }
  return userIds;
}
