import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import { PRO_PLAN_NAME } from '@shared/plans';
import {
  INVITATION_DAYS,
  maskEmail,
  type Invitation,
  type InvitationAccepted,
  type InvitationCreateValues,
  type InvitationPreview,
  type InvitationStatus,
} from '@shared/schemas/invitation';
import type { Account } from '../../account';
import { assertCan } from '../../access';
import type { Config } from '../../config';
import type { Sessions } from '../../plugins/auth';
import { setSessionOrganization } from '../../plugins/sessions.queries';
import type { Db } from '../../db/client';
import { withTransaction, type Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { memberInvitationEmail } from '../../email/templates/member-invitation';
import { AppError, conflict, notFound } from '../../errors';
import { isBillingOff } from '../subscription/billing-switch';
import { confirmAddress } from '../auth/email-confirmation.service';
import * as members from '../members/members.service';
import * as q from './invitations.queries';

export interface InvitationsDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  sessions: Sessions;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitation mails (new and sent again) an organisation may send in a day: each goes to an address of its choosing. */
export const INVITATIONS_PER_DAY = 50;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
};

const invitationNotFound = () => notFound('Invitation not found');
// No row is left to say more: a link cut short, one replaced by a newer one, and one of an organisation since deleted look alike.
const unknownLink = () =>
  notFound(
    'This invitation link is not valid: it may be incomplete, replaced by a newer one, or its organisation may have been deleted. Open the whole link from the latest e-mail, or ask for a new invitation.',
  );
const gone = (message: string) => new AppError(ERROR_CODES.gone, message);

export const WRONG_ADDRESS_MESSAGE =
  'This invitation was sent to another e-mail address. Sign in with that address, or ask for a new invitation.';

/** Free is for one person: inviting anyone is Pro's (issue 31). */
const freePlanRefusal = () =>
  new AppError(
    ERROR_CODES.premiumRequired,
    `The Free plan is for one person. Upgrade to ${PRO_PLAN_NAME} to invite your team: members are free and unlimited on ${PRO_PLAN_NAME}.`,
  );

function statusOf(row: q.InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function toInvitation(row: q.InvitationRow, invitedBy: string | null, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    propertyIds: row.propertyIds ?? null,
    invitedBy,
    status: statusOf(row, now) === 'expired' ? 'expired' : 'pending',
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(deps: InvitationsDeps, account: Account): Promise<Invitation[]> {
  const now = new Date();
  return (await q.listOpenInvitations(deps.db, account.id)).map((row) => toInvitation(row.invitation, row.invitedBy, now));
}

/**
 * The sender of an invitation: a member whose own address is confirmed (mail from an account
 * that has proved nothing would be held, and then sent to its owner instead), within the day's
 * number of invitation mails.
 */
async function assertMaySend(tx: Tx, account: Account, now: Date) {
  const sender = await members.findPerson(tx.db, account.userId);
  if (!sender?.emailConfirmedAt) {
    throw conflict('Confirm your own e-mail address first (the link we sent you, or Resend link at the top of the page): Firemark sends invitations only from confirmed addresses.');
  }
  if ((await q.countSentSince(tx.db, account.id, new Date(now.getTime() - DAY_MS))) >= INVITATIONS_PER_DAY) {
    throw new AppError(ERROR_CODES.rateLimited, `Your organisation has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours. Please try again tomorrow.`);
  }
  return { name: sender.fullName || sender.username, email: sender.email };
}

async function sendInvitationMail(
  tx: Tx,
  deps: InvitationsDeps,
  account: Account,
  input: { invitation: q.InvitationRow; token: string; organizationName: string; sender: { name: string; email: string } },
): Promise<void> {
  const { invitation } = input;
  await queueEmail(tx, deps.boss, {
    kind: 'member_invitation',
    userId: account.userId,
    // Its organisation's: deleting the organisation stops it if it is not sent yet.
    organizationId: account.id,
    to: invitation.email,
    ...memberInvitationEmail({
      inviterName: input.sender.name,
      inviterEmail: input.sender.email,
      organizationName: input.organizationName,
      role: invitation.role,
      propertyCount: invitation.propertyIds?.length ?? null,
      acceptUrl: `${deps.config.appUrl}/invitations/${input.token}`,
      daysValid: INVITATION_DAYS,
      supportEmail: deps.config.supportEmail,
    }),
  });
}

/**
 * Invites an address with a role and the properties it reaches, and mails the link in the
 * same transaction. Only owners invite owners. One open invitation per address: an expired
 * one is replaced, a pending one must be sent again or revoked.
 */
export async function createInvitation(deps: InvitationsDeps, account: Account, values: InvitationCreateValues): Promise<Invitation> {
  if (values.role === 'owner') assertCan(account, 'organization.transfer');
  if (account.plan !== 'pro') throw freePlanRefusal();
  const now = new Date();
  return withTransaction(deps.pool, async (tx) => {
    const organization = await members.lockOrganization(tx.db, account.id);
    if (!organization) throw invitationNotFound();
    await members.assertOwnProperties(tx.db, account.id, values.propertyIds);
    if (await members.isMemberByEmail(tx.db, account.id, values.email)) {
      throw conflict(`${values.email} is already a member of ${organization.name}.`, { email: ['This address is already a member'] });
    }
    const open = await q.findOpenInvitationTo(tx.db, account.id, values.email);
    if (open && open.expiresAt > now) {
      throw conflict(`An invitation to ${open.email} is already waiting. Send it again or revoke it from the list of invitations.`, {
        email: ['An invitation to this address is already waiting'],
      });
    }
    if (open) await q.revokeInvitation(tx.db, account.id, open.id, now);
    const sender = await assertMaySend(tx, account, now);
    const { token, tokenHash } = newToken();
    const invitation = await q.insertInvitation(tx.db, {
      organizationId: account.id,
      email: values.email,
      role: values.role,
      propertyIds: values.propertyIds,
      tokenHash,
      invitedByUserId: account.userId,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      lastSentAt: now,
      createdAt: now,
    });
    await sendInvitationMail(tx, deps, account, { invitation, token, organizationName: organization.name, sender });
    return toInvitation(invitation, sender.name, now);
  });
}

/** A new link, valid for another INVITATION_DAYS days; the one sent before stops working. */
export async function resendInvitation(deps: InvitationsDeps, account: Account, id: number): Promise<Invitation> {
  const now = new Date();
  return withTransaction(deps.pool, async (tx) => {
    const organization = await members.lockOrganization(tx.db, account.id);
    const found = await q.findOpenInvitation(tx.db, account.id, id);
    if (!organization || !found) throw invitationNotFound();
    if (found.invitation.role === 'owner') assertCan(account, 'organization.transfer');
    if (account.plan !== 'pro') throw freePlanRefusal();
    const sender = await assertMaySend(tx, account, now);
    const { token, tokenHash } = newToken();
    const invitation = await q.renewInvitation(tx.db, id, { tokenHash, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS), now });
    if (!invitation) throw invitationNotFound();
    await sendInvitationMail(tx, deps, account, { invitation, token, organizationName: organization.name, sender });
    return toInvitation(invitation, found.invitedBy, now);
  });
}

export async function revokeInvitation(deps: InvitationsDeps, account: Account, id: number): Promise<void> {
  const found = await q.findOpenInvitation(deps.db, account.id, id);
  if (!found) throw invitationNotFound();
  if (found.invitation.role === 'owner') assertCan(account, 'organization.transfer');
  // In a transaction: its history event names who revoked it (docs/history.md).
  if (!(await withTransaction(deps.pool, (tx) => q.revokeInvitation(tx.db, account.id, id, new Date())))) throw invitationNotFound();
}

/** What the accept page shows whoever holds the link: never the whole address. */
export async function previewInvitation(deps: InvitationsDeps, token: string): Promise<InvitationPreview> {
  const found = await q.findByTokenHash(deps.db, hashToken(token));
  if (!found) throw unknownLink();
  return {
    organizationName: found.organizationName,
    role: found.invitation.role,
    invitedBy: found.invitedBy,
    email: maskEmail(found.invitation.email),
    status: statusOf(found.invitation, new Date()),
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

async function organizationHasPro(tx: Tx, organizationId: number, now: Date): Promise<boolean> {
  if (isBillingOff()) return true;
  const plan = await q.findOrganizationPlan(tx.db, organizationId);
  return plan?.plan === 'pro' && (plan.proUntil === null || plan.proUntil > now);
}

/**
 * The signed-in person joins the organisation with the invitation's role and properties, and
 * the session moves to it. The invitation's address must be theirs: confirmed already, or
 * confirmed now, since opening the link mailed there proves they read it (an account made
 * through the link ends up confirmed this way).
 */
export async function acceptInvitation(
  deps: InvitationsDeps,
  caller: { userId: number; sessionTokenHash: string },
  token: string,
): Promise<InvitationAccepted> {
  const now = new Date();
  const found = await q.findByTokenHash(deps.db, hashToken(token));
  if (!found) throw unknownLink();
  const organizationName = found.organizationName;
  const switchSession = (tx: Tx, organizationId: number) => setSessionOrganization(tx.db, caller.sessionTokenHash, caller.userId, organizationId);
  const joined = await withTransaction(deps.pool, async (tx): Promise<InvitationAccepted> => {
    await members.lockOrganization(tx.db, found.invitation.organizationId);
    const invitation = await q.lockInvitation(tx.db, found.invitation.id);
    if (!invitation) throw unknownLink();
    const person = await members.findPerson(tx.db, caller.userId);
    if (!person) throw unknownLink();
    const joined: InvitationAccepted = { organizationId: invitation.organizationId, organizationName, role: invitation.role };

    if (invitation.acceptedAt) {
      // The same person opening the link again (a second click) is already in: nothing to refuse.
      if (invitation.acceptedByUserId === caller.userId && (await members.isMember(tx.db, invitation.organizationId, caller.userId))) {
        await switchSession(tx, invitation.organizationId);
        return joined;
      }
      throw gone('This invitation has already been used. Each invitation link works once: ask for a new invitation if you need one.');
    }
    if (invitation.revokedAt) throw gone(`This invitation was withdrawn. Ask ${found.invitedBy ?? 'a member of the organisation'} for a new one if you should join ${organizationName}.`);
    if (invitation.expiresAt <= now) {
      throw gone(`This invitation expired: links are valid for ${INVITATION_DAYS} days. Ask ${found.invitedBy ?? 'a member of the organisation'} to send it again.`);
    }
    if (person.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase()) {
      throw new AppError(ERROR_CODES.forbidden, WRONG_ADDRESS_MESSAGE);
    }
    if (!person.emailConfirmedAt && !(await confirmAddress(tx, deps, person.id, person.email, now))) {
      throw conflict('This e-mail address belongs to another Firemark account. Sign in to that account to accept the invitation.');
    }
    if (await members.isMember(tx.db, invitation.organizationId, caller.userId)) {
      throw conflict(`You are already a member of ${organizationName}.`);
    }
    if (!(await organizationHasPro(tx, invitation.organizationId, now))) {
      throw new AppError(
        ERROR_CODES.premiumRequired,
        `${organizationName} is on the Free plan, which is for one person. Ask its owner to upgrade to ${PRO_PLAN_NAME}, then open this link again.`,
      );
    }
    await members.addMember(tx.db, invitation.organizationId, caller.userId, { role: invitation.role, propertyIds: invitation.propertyIds ?? null });
    await q.markAccepted(tx.db, invitation.id, caller.userId, now);
    await switchSession(tx, invitation.organizationId);
    return joined;
  });
  deps.sessions.cache.drop(caller.sessionTokenHash);
  return joined;
}
