import type pg from 'pg';
import type { Member, MemberUpdateValues } from '@shared/schemas/member';
import type { Role } from '@shared/permissions';
import type { Account } from '../../account';
import { assertCan } from '../../access';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { conflict, notFound, validationFailed } from '../../errors';
import * as q from './members.queries';

export interface MembersDeps {
  db: Db;
  pool: pg.Pool;
}

const memberNotFound = () => notFound('Member not found');

export const LAST_OWNER_MESSAGE =
  'An organisation always keeps at least one owner. Make another member an owner first, then change or remove this one.';

function toMember(row: q.MemberRow, account: Account): Member {
  return {
    id: row.id,
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    propertyIds: row.propertyIds,
    you: row.userId === account.userId,
    joinedAt: row.createdAt.toISOString(),
  };
}

export async function listMembers(deps: MembersDeps, account: Account): Promise<Member[]> {
  return (await q.listMembers(deps.db, account.id)).map((row) => toMember(row, account));
}

/** 400 on `propertyIds` unless every id is a property of the organisation (another's reads as unknown). */
export async function assertOwnProperties(db: DbOrTx, organizationId: number, propertyIds: readonly number[] | null): Promise<void> {
  if (!propertyIds) return;
  const outside = await q.propertiesOutside(db, organizationId, propertyIds);
  if (outside.length > 0) {
    throw validationFailed({
      propertyIds: [outside.length === 1 ? `Property ${outside[0]} is not one of this organisation's properties` : `Properties ${outside.join(', ')} are not this organisation's`],
    });
  }
}

/**
 * The inspectors row an inspector member is: the organisation's inspector with their address,
 * else a new one with their name and address, so inspections can be assigned to them.
 */
async function inspectorFor(db: DbOrTx, organizationId: number, userId: number): Promise<number> {
  const person = await q.findPerson(db, userId);
  if (!person) throw memberNotFound();
  const existing = await q.findInspectorByEmail(db, organizationId, person.email);
  if (existing !== undefined) return existing;
  return q.insertInspector(db, organizationId, { name: person.fullName || person.username, email: person.email });
}

/**
 * Makes `userId` a member, inside the caller's transaction (accepting an invitation). The
 * properties given are those of `propertyIds` that still belong to the organisation.
 */
export async function addMember(
  db: DbOrTx,
  organizationId: number,
  userId: number,
  access: { role: Role; propertyIds: readonly number[] | null },
): Promise<number> {
  const inspectorId = access.role === 'inspector' ? await inspectorFor(db, organizationId, userId) : null;
  const id = await q.insertMembership(db, { organizationId, userId, role: access.role, allProperties: access.propertyIds === null, inspectorId });
  if (access.propertyIds) {
    const outside = new Set(await q.propertiesOutside(db, organizationId, access.propertyIds));
    await q.replaceMembershipProperties(db, id, access.propertyIds.filter((propertyId) => !outside.has(propertyId)));
  }
  await q.membershipChanged(db, organizationId, userId);
  return id;
}

/** Owners are made, changed and removed by owners alone ('organization.transfer'). */
function assertMayTouchOwners(account: Account, before: Role, after: Role | null): void {
  if (before === 'owner' || after === 'owner') assertCan(account, 'organization.transfer');
}

/**
 * A new role and properties. Owners alone make or change owners; the last owner keeps the
 * role. Takes effect at the member's next request.
 */
export async function updateMember(deps: MembersDeps, account: Account, id: number, values: MemberUpdateValues): Promise<Member> {
  const now = new Date();
  return withTransaction(deps.pool, async (tx) => {
    await q.lockOrganization(tx.db, account.id);
    const member = await q.findMember(tx.db, account.id, id);
    if (!member) throw memberNotFound();
    assertMayTouchOwners(account, member.role, values.role);
    if (member.role === 'owner' && values.role !== 'owner' && (await q.countOwners(tx.db, account.id)) <= 1) throw conflict(LAST_OWNER_MESSAGE);
    await assertOwnProperties(tx.db, account.id, values.propertyIds);
    const inspectorId = values.role === 'inspector' && member.inspectorId === null ? await inspectorFor(tx.db, account.id, member.userId) : member.inspectorId;
    await q.updateMembership(tx.db, id, { role: values.role, allProperties: values.propertyIds === null, inspectorId }, now);
    await q.replaceMembershipProperties(tx.db, id, values.propertyIds ?? []);
    await q.membershipChanged(tx.db, account.id, member.userId);
    return toMember((await q.findMember(tx.db, account.id, id))!, account);
  });
}

/**
 * Removes a member, or the caller leaves: anyone may leave, removing another needs
 * 'members.manage' (and an owner needs an owner). The last owner can do neither.
 */
export async function removeMember(deps: MembersDeps, account: Account, id: number): Promise<void> {
  await withTransaction(deps.pool, async (tx) => {
    await q.lockOrganization(tx.db, account.id);
    const member = await q.findMember(tx.db, account.id, id);
    if (!member) throw memberNotFound();
    const leaving = member.userId === account.userId;
    if (!leaving) {
      assertCan(account, 'members.manage');
      assertMayTouchOwners(account, member.role, null);
    }
    if (member.role === 'owner' && (await q.countOwners(tx.db, account.id)) <= 1) {
      throw conflict(
        leaving
          ? 'You are the only owner of this organisation. Make another member an owner before you leave.'
          : LAST_OWNER_MESSAGE,
      );
    }
    await q.deleteMembership(tx.db, account.id, id);
    await q.membershipChanged(tx.db, account.id, member.userId);
  });
}

export const isMember = async (db: DbOrTx, organizationId: number, userId: number) => (await q.findMembershipOfUser(db, organizationId, userId)) !== undefined;
export const isMemberByEmail = q.isMemberByEmail;
export const lockOrganization = q.lockOrganization;
export const findPerson = q.findPerson;
