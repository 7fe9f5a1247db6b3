import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { ERROR_CODES } from '@shared/api-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { withTransaction, type Tx } from '../../db/transaction';
import { takeHeldMail } from '../../email/held-mail';
import { enqueueDelivery, queueEmail } from '../../email/outbox';
import { accountExistsEmail } from '../../email/templates/account-exists';
import { emailConfirmationEmail } from '../../email/templates/email-confirmation';
import { AppError, conflict } from '../../errors';
import * as q from './email-confirmation.queries';

export const CONFIRMATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** Confirmation links an account may ask for in an hour: the first one and three more. */
export const CONFIRMATIONS_PER_HOUR = 4;
const HOUR_MS = 60 * 60 * 1000;

export interface ConfirmationDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidLink = () =>
  new AppError(ERROR_CODES.validation, 'This confirmation link is invalid or has expired.', {
    token: ['This confirmation link is invalid or has expired.'],
  });

const ownedByAnotherAccount = () =>
  conflict(
    'This e-mail address belongs to another Firemark account. Sign in to that account, or give this account another address in Settings.',
  );

function isUniqueViolation(error: unknown): boolean {
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
  return e.code === '23505';
}

/**
 * Refuses one more confirmation link when the account had CONFIRMATIONS_PER_HOUR in the last
 * hour: each is a mail to an address of the person's choosing. Call with the account's row
 * locked (q.lockUser), so that requests at once are counted one after the other.
 */
async function assertConfirmationAllowed(tx: Tx, userId: number, now: Date, tooMany: (minutes: number) => string): Promise<void> {
  const { count, first } = await q.countConfirmationsSince(tx.db, userId, new Date(now.getTime() - HOUR_MS));
  if (count < CONFIRMATIONS_PER_HOUR) return;
  const waitMs = (first ? first.getTime() + HOUR_MS : now.getTime() + HOUR_MS) - now.getTime();
  throw new AppError(ERROR_CODES.rateLimited, tooMany(Math.max(1, Math.ceil(waitMs / 60_000))));
}

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** For a change of address in Settings, inside its transaction (the account's row is locked here). */
export async function assertAddressChangeAllowed(tx: Tx, userId: number, now: Date): Promise<void> {
  await q.lockUser(tx.db, userId);
  await assertConfirmationAllowed(
    tx,
    userId,
    now,
    (n) => `You have changed your e-mail address too often. Please try again in ${minutes(n)}.`,
  );
}

/**
 * Starts proving the account's current address, inside the caller's transaction: a link to
 * it, or, when another account has already confirmed the address, a notice to that owner
 * instead (at most one an hour). Both are recorded alike, so the answers, and the limit,
 * never tell the two apart.
 */
export async function requestConfirmation(tx: Tx, deps: ConfirmationDeps, user: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await q.insertConfirmationToken(tx.db, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + CONFIRMATION_TOKEN_TTL_MS),
  });
  const owner = await q.findConfirmedOwner(tx.db, user.email, user.id);
  if (owner) {
    await noticeToOwner(tx, deps, owner, now);
    return;
  }
  await queueEmail(tx, deps.boss, {
    kind: 'email_confirmation',
    userId: user.id,
    to: user.email,
    ...emailConfirmationEmail({
      confirmUrl: `${deps.config.appUrl}/confirm-email?token=${token}`,
      hoursValid: CONFIRMATION_TOKEN_TTL_MS / HOUR_MS,
      supportEmail: deps.config.supportEmail,
    }),
  });
}

async function noticeToOwner(tx: Tx, deps: ConfirmationDeps, owner: UserRow, now: Date): Promise<void> {
  if (!(await q.claimAccountExistsNotice(tx.db, owner.id, now, new Date(now.getTime() - HOUR_MS)))) return;
  await queueEmail(tx, deps.boss, {
    kind: 'account_exists',
    userId: owner.id,
    to: owner.email,
    ...accountExistsEmail({
      name: owner.fullName || owner.username,
      loginUrl: `${deps.config.appUrl}/auth/login`,
      resetUrl: `${deps.config.appUrl}/forgot-password`,
      supportEmail: deps.config.supportEmail,
    }),
  });
}

/**
 * Marks `email` confirmed for the account if it is still the account's address and no other
 * account owns it, retires its other links and sends the mail held for it. False when
 * nothing was confirmed. Also used by a completed password reset, whose link proves the address.
 */
export async function confirmAddress(tx: Tx, deps: ConfirmationDeps, userId: number, email: string, now: Date): Promise<boolean> {
  if (await q.findConfirmedOwner(tx.db, email, userId)) return false;
  if (!(await q.markEmailConfirmed(tx.db, userId, email, now))) return false;
  await q.retireConfirmationTokens(tx.db, userId, now);
  for (const mail of await takeHeldMail(tx, userId, email)) await enqueueDelivery(tx, deps.boss, mail);
  return true;
}

/** POST /api/auth/confirm-email: the link's token, from whichever browser opened it. */
export async function confirmEmail(deps: ConfirmationDeps, token: string): Promise<void> {
  const now = new Date();
  const found = await q.findUsableConfirmationToken(deps.db, hashToken(token), now);
  if (!found) throw invalidLink();
  try {
    await withTransaction(deps.pool, async (tx) => {
      const user = await q.lockUser(tx.db, found.userId);
      // A link for an address the account has since replaced proves nothing about the new one.
      if (!user || user.email.toLowerCase() !== found.email.toLowerCase()) throw invalidLink();
      if (await q.findConfirmedOwner(tx.db, found.email, found.userId)) throw ownedByAnotherAccount();
      if (!(await q.consumeConfirmationToken(tx.db, found.id, now))) throw invalidLink();
      await confirmAddress(tx, deps, user.id, user.email, now);
    });
  } catch (error) {
    // Two accounts confirming one address at the same moment: the unique index lets one win.
    if (isUniqueViolation(error)) throw ownedByAnotherAccount();
    throw error;
  }
}

/** POST /api/auth/resend-confirmation: a new link to the signed-in account's address. */
export async function resendConfirmation(deps: ConfirmationDeps, user: UserRow): Promise<{ success: true; to: string }> {
  if (user.emailConfirmedAt) throw conflict('Your e-mail address is already confirmed.');
  const now = new Date();
  await withTransaction(deps.pool, async (tx) => {
    await q.lockUser(tx.db, user.id);
    await assertConfirmationAllowed(
      tx,
      user.id,
      now,
      (n) => `You have asked for ${CONFIRMATIONS_PER_HOUR} confirmation links in the last hour. Please try again in ${minutes(n)}, or check your spam folder for the links already sent.`,
    );
    await requestConfirmation(tx, deps, user, now);
  });
  return { success: true, to: user.email };
}
