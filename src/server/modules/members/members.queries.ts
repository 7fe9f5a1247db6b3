import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Role } from '@shared/permissions';
import type { DbOrTx } from '../../db/client';
import { inspectors, membershipProperties, memberships, organizations, properties, users } from '../../db/schema/index';

export interface MemberRow {
  id: number;
  userId: number;
  fullName: string | null;
  email: string;
  role: Role;
  /** Null for every property. */
  propertyIds: number[] | null;
  inspectorId: number | null;
  createdAt: Date;
}

const givenProperties = sql<number[] | null>`case when ${memberships.allProperties} then null else coalesce(
  (select array_agg(mp.property_id order by mp.property_id) from ${membershipProperties} mp where mp.membership_id = ${memberships.id}),
  '{}'::int[]) end`;

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  fullName: users.fullName,
  email: users.email,
  role: memberships.role,
  propertyIds: givenProperties,
  inspectorId: memberships.inspectorId,
  createdAt: memberships.createdAt,
};

/** The organisation's members: owners first, then by name. */
export function listMembers(db: DbOrTx, organizationId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(
      sql`array_position(array['owner','admin','manager','inspector','viewer']::member_role[], ${memberships.role})`,
      asc(sql`lower(coalesce(${users.fullName}, ${users.username}))`),
      asc(memberships.id),
    );
}

export async function findMember(db: DbOrTx, organizationId: number, id: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)));
  return row;
}

export async function findMembershipOfUser(db: DbOrTx, organizationId: number, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/** Whether someone with this address (any case) is a member already. */
export async function isMemberByEmail(db: DbOrTx, organizationId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the organisation's row: changes of members queue on it, so two requests cannot each
 * see a second owner and both take them away.
 */
export async function lockOrganization(db: DbOrTx, organizationId: number): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  return row;
}

export async function countOwners(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')));
  return row!.n;
}

/** The ids among `ids` that are no property of the organisation. */
export async function propertiesOutside(db: DbOrTx, organizationId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.organizationId, organizationId), sql`${properties.id} = any(${`{${ids.join(',')}}`}::int[])`));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

export async function insertMembership(
  db: DbOrTx,
  values: { organizationId: number; userId: number; role: Role; allProperties: boolean; inspectorId: number | null },
): Promise<number> {
  const [row] = await db.insert(memberships).values(values).returning({ id: memberships.id });
  return row!.id;
}

export async function updateMembership(db: DbOrTx, id: number, values: { role: Role; allProperties: boolean; inspectorId: number | null }, now: Date): Promise<void> {
  await db
    .update(memberships)
    .set({ ...values, updatedAt: now })
    .where(eq(memberships.id, id));
}

/** The properties a limited member is given, replaced by `ids` (none for a member with all). */
/** Only the properties taken away and those given are written: each is an event of the history (docs/history.md). */
export async function replaceMembershipProperties(db: DbOrTx, membershipId: number, ids: readonly number[]): Promise<void> {
  const kept = ids.length > 0 ? notInArray(membershipProperties.propertyId, [...ids]) : undefined;
  await db.delete(membershipProperties).where(and(eq(membershipProperties.membershipId, membershipId), kept));
  if (ids.length > 0) await db.insert(membershipProperties).values(ids.map((propertyId) => ({ membershipId, propertyId }))).onConflictDoNothing();
}

export async function deleteMembership(db: DbOrTx, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)))
    .returning({ id: memberships.id });
  return rows.length === 1;
}

/**
 * After a change of who may do what: the organisation's cached answers are recomputed, and
 * the member's remembered sessions are looked up again, so their next request, on any
 * instance, is refused or limited by the change (plugins/auth.ts reads the membership).
 */
export async function membershipChanged(db: DbOrTx, organizationId: number, userId: number): Promise<void> {
  await db.execute(sql`update ${organizations} set data_version = data_version + 1 where id = ${organizationId}`);
  await db.execute(sql`update ${users} set session_version = session_version + 1 where id = ${userId}`);
}

/**
 * The organisation's inspector with this address (any case), the oldest if several. Read and
 * written here rather than through the inspectors module: its service acts for a caller, and
 * this is done for the member being made, inside the membership's transaction.
 */
export async function findInspectorByEmail(db: DbOrTx, organizationId: number, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: inspectors.id })
    .from(inspectors)
    .where(and(eq(inspectors.organizationId, organizationId), sql`lower(${inspectors.email}) = lower(${email})`))
    .orderBy(asc(inspectors.id))
    .limit(1);
  return row?.id;
}

export async function insertInspector(db: DbOrTx, organizationId: number, values: { name: string; email: string }): Promise<number> {
  const [row] = await db
    .insert(inspectors)
    .values({ organizationId, name: values.name, email: values.email })
    .returning({ id: inspectors.id });
  return row!.id;
}

/** The person as a member is made of them: their address, whether it is confirmed, their name. */
export async function findPerson(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailConfirmedAt: users.emailConfirmedAt, fullName: users.fullName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
