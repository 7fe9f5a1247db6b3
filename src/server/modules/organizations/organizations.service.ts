import type pg from 'pg';
import {
  CONFIRM_ORGANIZATION_NAME,
  confirmsOrganizationName,
  type CurrentOrganization,
  type OrganizationCreateInput,
  type OrganizationDeleteInput,
  type OrganizationSummary,
  type OrganizationUpdateInput,
} from '@shared/schemas/organization';
import type { Account } from '../../account';
import type { Db } from '../../db/client';
import { actAs } from '../../db/actor';
import { withTransaction } from '../../db/transaction';
import { notFound, validationFailed } from '../../errors';
import type { BillingProvider } from '../billing/billing-provider';
import { endBillingNow } from '../billing/end-billing';
import type { Sessions } from '../../plugins/auth';
import type { MembershipAccess } from '../../plugins/sessions.queries';
import { setSessionOrganization } from '../../plugins/sessions.queries';
import * as q from './organizations.queries';

export interface OrganizationsDeps {
  db: Db;
  pool: pg.Pool;
  sessions: Sessions;
  /** The provider that bills the organisation: deleting one ends its subscription first. */
  billing: BillingProvider;
}

const NOT_FOUND = 'Organisation not found';

/** The caller's organisations, the one in use marked. */
export function listOrganizations(memberships: MembershipAccess[], account: Account | null): OrganizationSummary[] {
  return memberships.map((m) => ({ id: m.organizationId, name: m.organizationName, role: m.role, current: m.organizationId === account?.id }));
}

export function currentOrganization(account: Account, memberships: MembershipAccess[]): CurrentOrganization {
  const membership = memberships.find((m) => m.organizationId === account.id);
  return {
    id: account.id,
    name: membership?.organizationName ?? '',
    timeZone: account.timeZone,
    role: account.role,
    propertyIds: account.propertyIds === null ? null : [...account.propertyIds],
    plan: account.plan,
  };
}

/** A person's first organisation, made at sign-up: it takes their id and is theirs to own. */
export async function createOwnOrganization(db: Db, user: { id: number; fullName: string | null; username: string; timeZone: string }): Promise<void> {
  // Its history starts with the person signing up, not "the system" (docs/history.md).
  await actAs(db, { userId: user.id, tokenId: null });
  const id = await q.insertOrganization(db, { id: user.id, name: user.fullName?.trim() || user.username, timeZone: user.timeZone });
  await q.insertMembership(db, { organizationId: id, userId: user.id, role: 'owner' });
}

/** A new organisation owned by the caller, and the session switched to it. */
export async function createOrganization(
  deps: OrganizationsDeps,
  user: { id: number; timeZone: string },
  tokenHash: string,
  input: OrganizationCreateInput,
): Promise<OrganizationSummary> {
  const id = await withTransaction(deps.pool, async ({ db }) => {
    const created = await q.insertOrganization(db, { name: input.name, timeZone: input.timeZone ?? user.timeZone });
    await q.insertMembership(db, { organizationId: created, userId: user.id, role: 'owner' });
    await setSessionOrganization(db, tokenHash, user.id, created);
    return created;
  });
  deps.sessions.cache.drop(tokenHash);
  return { id, name: input.name, role: 'owner', current: true };
}

/** The session acts on `organizationId` from its next request; one the caller is not in is a 404. */
export async function switchOrganization(deps: OrganizationsDeps, userId: number, tokenHash: string, organizationId: number): Promise<void> {
  if (!(await q.isMember(deps.db, organizationId, userId))) throw notFound(NOT_FOUND);
  await setSessionOrganization(deps.db, tokenHash, userId, organizationId);
  deps.sessions.cache.drop(tokenHash);
}

export async function updateOrganization(deps: OrganizationsDeps, account: Account, input: OrganizationUpdateInput) {
  // In a transaction: its history event names who changed it (docs/history.md).
  return withTransaction(deps.pool, (tx) => q.updateOrganization(tx.db, account.id, input));
}

/**
 * Deletes the organisation in use (docs/decisions/033-deleting-an-organisation.md): the owner
 * types its name; a paid subscription is cancelled at once, before anything is deleted, and if
 * it cannot be, nothing is; then the organisation's row goes and everything it owns with it.
 * Every member's session, the caller's included, acts on their next organisation from their
 * next request, or on none.
 */
export async function deleteOrganization(
  deps: OrganizationsDeps,
  account: Account,
  input: OrganizationDeleteInput,
  now = new Date(),
): Promise<{ subscriptionCancelled: boolean; memberCount: number }> {
  const found = await q.findOrganization(deps.db, account.id);
  if (!found) throw notFound(NOT_FOUND);
  const refuse = () => validationFailed({ name: [CONFIRM_ORGANIZATION_NAME] }, CONFIRM_ORGANIZATION_NAME);
  if (!confirmsOrganizationName(input.name, found.name)) throw refuse();
  const billing = await endBillingNow(deps.billing, deps.db, account.id, now);
  const userIds = await withTransaction(deps.pool, async ({ db }) => {
    const locked = await q.lockOrganization(db, account.id);
    if (!locked) throw notFound(NOT_FOUND);
    // Renamed meanwhile: the owner confirmed a name it no longer has.
    if (!confirmsOrganizationName(input.name, locked.name)) throw refuse();
    return q.deleteOrganization(db, account.id);
  });
  return { subscriptionCancelled: billing === 'cancelled', memberCount: userIds.length };
}
