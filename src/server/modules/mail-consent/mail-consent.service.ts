import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import type { MailConsentInfo, ManagerMail } from '@shared/schemas/mail-consent';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction, type Tx } from '../../db/transaction';
import type { EmailContent } from '../../email/layout';
import type { MailKind } from '../../email/mail-kinds';
import { queueEmail } from '../../email/outbox';
import { countRecentMail, lockAccountMail, type MailLog } from '../../email/quota';
import { managerInvitationEmail } from '../../email/templates/manager-invitation';
import { AppError, conflict, notFound } from '../../errors';
import type { Account } from '../../account';
import { getProperty } from '../properties/properties.service';
import { accountContact, type AccountContact } from '../auth/account-contact';
import * as q from './mail-consent.queries';

export interface MailConsentDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  log?: MailLog;
}

/** An address gets at most one invitation from an account in this time. */
export const INVITATION_INTERVAL_DAYS = 7;
/** An account sends at most this many invitations in any 24 hours. */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 20;

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const canonical = (address: string) => address.trim().toLowerCase();

/** The organisation a mail is sent for (`id`), and the person it names, whose address the manager can write to. */
export interface MailingAccount {
  id: number;
  /** Their mail waits while their own address is unconfirmed (email/held-mail.ts). */
  userId: number;
  email: string;
  name: string;
}

/**
 * What Firemark may do with mail for a property's manager address, for this account:
 * `own` - it is the account's address, which gets the mail anyway; `send` - confirmed;
 * `invite` - never asked: ask now; `none` - asked and not confirmed yet, or unsubscribed.
 * Takes the account's mail lock, so the answer holds until the transaction ends.
 */
export type ManagerPlan = { kind: 'own' } | { kind: 'none' } | { kind: 'invite'; address: string } | { kind: 'send'; consentId: number; address: string };

export async function planManagerMail(tx: Tx, account: MailingAccount, managerEmail: string): Promise<ManagerPlan> {
  const address = canonical(managerEmail);
  if (address === canonical(account.email)) return { kind: 'own' };
  await lockAccountMail(tx, account.id);
  const consent = await q.findConsent(tx.db, account.id, address);
  if (!consent) return { kind: 'invite', address };
  if (consent.status === 'confirmed') return { kind: 'send', consentId: consent.id, address };
  return { kind: 'none' };
}

/** A fresh token for one mail's links, and the URLs built on it. */
async function mailLinks(tx: Tx, config: Config, consentId: number) {
  const token = randomBytes(32).toString('base64url');
  await q.insertToken(tx.db, consentId, hashToken(token));
  return {
    confirmUrl: `${config.appUrl}/mail/confirm?token=${token}`,
    unsubscribeUrl: `${config.appUrl}/mail/unsubscribe?token=${token}`,
    // RFC 8058: providers POST "List-Unsubscribe=One-Click" to this URL, without a session or Origin.
    headers: {
      'List-Unsubscribe': `<${config.appUrl}/api/mail/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The manager's own message (never a copy of the account's), with its one-click unsubscribe. */
export async function queueManagerMail(
  tx: Tx,
  deps: Pick<MailConsentDeps, 'config' | 'boss' | 'log'>,
  plan: Extract<ManagerPlan, { kind: 'send' }>,
  mail: { kind: MailKind; organizationId: number; userId: number; content: (unsubscribeUrl: string) => EmailContent },
): Promise<void> {
  const links = await mailLinks(tx, deps.config, plan.consentId);
  await queueEmail(tx, deps.boss, { kind: mail.kind, organizationId: mail.organizationId, userId: mail.userId, to: plan.address, headers: links.headers, ...mail.content(links.unsubscribeUrl) }, { log: deps.log });
}

export type InvitationResult = { sent: true } | { sent: false; reason: 'address' | 'account'; retryAt: Date };

/**
 * Queues the one-click opt-in for an address, within its limits: one per address per
 * INVITATION_INTERVAL_DAYS, INVITATIONS_PER_ACCOUNT_PER_DAY per account. The caller has
 * checked that the address is neither confirmed nor unsubscribed.
 */
export async function inviteManager(
  tx: Tx,
  deps: Pick<MailConsentDeps, 'config' | 'boss'>,
  account: MailingAccount,
  input: { address: string; propertyName: string },
  now = new Date(),
): Promise<InvitationResult> {
  await lockAccountMail(tx, account.id);
  const address = canonical(input.address);
  const existing = await q.findConsent(tx.db, account.id, address);
  if (existing?.invitedAt && now.getTime() - existing.invitedAt.getTime() < INVITATION_INTERVAL_DAYS * DAY_MS) {
    return { sent: false, reason: 'address', retryAt: new Date(existing.invitedAt.getTime() + INVITATION_INTERVAL_DAYS * DAY_MS) };
  }
  if ((await countRecentMail(tx, account.id, ['manager_invitation'], '24 hours')) >= INVITATIONS_PER_ACCOUNT_PER_DAY) {
    return { sent: false, reason: 'account', retryAt: new Date(now.getTime() + DAY_MS) };
  }
  const consentId = await q.recordInvitation(tx.db, account.id, address, now);
  const links = await mailLinks(tx, deps.config, consentId);
  await queueEmail(tx, deps.boss, {
    kind: 'manager_invitation',
    organizationId: account.id,
    userId: account.userId,
    to: address,
    headers: links.headers,
    ...managerInvitationEmail({
      accountName: account.name,
      accountEmail: account.email,
      propertyName: input.propertyName,
      confirmUrl: links.confirmUrl,
      unsubscribeUrl: links.unsubscribeUrl,
    }),
  });
  return { sent: true };
}

const accountOf = (account: Account, contact: AccountContact): MailingAccount => ({
  id: account.id,
  userId: account.userId,
  email: contact.email,
  name: contact.name,
});


/** The manager address of one of the account's properties, and where its consent stands. */
export async function managerMailOf(deps: MailConsentDeps, account: Account, propertyId: number, now = new Date()): Promise<ManagerMail> {
  const property = await getProperty(deps, account, propertyId);
  const address = canonical(property.managerEmail);
  const base = { address: property.managerEmail, invitedAt: null, confirmedAt: null, unsubscribedAt: null, canInviteFrom: null };
  if (address === canonical((await accountContact(deps.db, account.userId)).email)) return { ...base, state: 'own' };
  const consent = await q.findConsent(deps.db, account.id, address);
  if (!consent) return { ...base, state: 'not_invited' };
  const nextInvitation = consent.invitedAt ? new Date(consent.invitedAt.getTime() + INVITATION_INTERVAL_DAYS * DAY_MS) : null;
  return {
    ...base,
    state: consent.status,
    invitedAt: consent.invitedAt?.toISOString() ?? null,
    confirmedAt: consent.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: consent.unsubscribedAt?.toISOString() ?? null,
    canInviteFrom: consent.status === 'invited' && nextInvitation && nextInvitation > now ? nextInvitation.toISOString() : null,
  };
}


/** "Send invitation" on the property page: the same limits as the invitations Firemark sends by itself. */
export async function sendInvitation(deps: MailConsentDeps, account: Account, propertyId: number): Promise<ManagerMail> {
  const current = await managerMailOf(deps, account, propertyId);
  if (current.state === 'own') throw conflict('This is your own address: it gets your alerts and reminders without an invitation.');
  if (current.state === 'confirmed') throw conflict('This address has already confirmed: it gets your alerts and reminders.');
  if (current.state === 'unsubscribed') {
    throw conflict('This address unsubscribed, so Firemark sends it nothing more. Its owner can subscribe again from the link in any earlier e-mail.');
  }
  const [property, contact] = await Promise.all([getProperty(deps, account, propertyId), accountContact(deps.db, account.userId)]);
  const result = await withTransaction(deps.pool, (tx) =>
    inviteManager(tx, deps, accountOf(account, contact), { address: property.managerEmail, propertyName: property.name }),
  );
  if (!result.sent) {
    throw new AppError(
      ERROR_CODES.rateLimited,
      result.reason === 'address'
        ? `An invitation went to this address less than ${INVITATION_INTERVAL_DAYS} days ago. You can send another on ${formatDisplayDate(todayInTimeZone(account.timeZone, result.retryAt))}.`
        : `Your account has sent ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations in the last 24 hours. Please try again tomorrow.`,
    );
  }
  return managerMailOf(deps, account, propertyId);
}

const invalidLink = () => notFound('This link is not valid. Open the link from the most recent e-mail you received from Firemark.');

async function infoOf(deps: MailConsentDeps, consent: q.ConsentByToken): Promise<MailConsentInfo> {
  return {
    status: consent.status,
    address: consent.address,
    accountName: consent.accountName,
    accountEmail: consent.accountEmail,
    propertyNames: await q.propertyNamesFor(deps.db, consent.organizationId, consent.address),
  };
}

/** What the confirm and unsubscribe pages show before anything is pressed. Reads only. */
export async function consentInfo(deps: MailConsentDeps, token: string): Promise<MailConsentInfo> {
  const consent = await q.findConsentByToken(deps.db, hashToken(token));
  if (!consent) throw invalidLink();
  return infoOf(deps, consent);
}

/** Any link Firemark sent the address proves it reads that mailbox: confirming takes one. */
export async function confirmConsent(deps: MailConsentDeps, token: string, now = new Date()): Promise<MailConsentInfo> {
  const consent = await withTransaction(deps.pool, async ({ db }) => {
    const found = await q.findConsentByToken(db, hashToken(token), true);
    if (!found) throw invalidLink();
    if (found.status !== 'confirmed') await q.setConsentStatus(db, found.id, 'confirmed', now);
    return { ...found, status: 'confirmed' as const };
  });
  return infoOf(deps, consent);
}

/** Stops all further mail to the address for this account, what is already queued included. */
export async function unsubscribe(deps: MailConsentDeps, token: string, now = new Date()): Promise<MailConsentInfo> {
  const consent = await withTransaction(deps.pool, async ({ db }) => {
    const found = await q.findConsentByToken(db, hashToken(token), true);
    if (!found) throw invalidLink();
    if (found.status !== 'unsubscribed') await q.setConsentStatus(db, found.id, 'unsubscribed', now);
    await q.suppressQueuedManagerMail(db, found.organizationId, found.address);
    return { ...found, status: 'unsubscribed' as const };
  });
  return infoOf(deps, consent);
}
