import { createHash, randomBytes } from 'node:crypto';
import type { ResetPasswordInput } from '@shared/schemas/auth';
import { ERROR_CODES } from '@shared/api-error';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { passwordResetEmail } from '../../email/templates/password-reset';
import { AppError } from '../../errors';
import { hashPassword } from '../../passwords';
import * as sessionRows from '../../plugins/sessions.queries';
import { QUEUES } from '../../queues';
import * as q from './auth.queries';
import { confirmAddress, type ConfirmationDeps } from './email-confirmation.service';
import { afterNewPassword } from './password-changed';

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
/**
 * Reset mails one address receives in any hour; requests beyond it are dropped silently (the
 * answer to forgot-password is the same either way, and it is given before any lookup).
 */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;

export interface PasswordResetJob {
  email: string;
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * POST /api/auth/forgot-password: only queues the request. Looking the address up, and the
 * token and mail when it exists, happen in a job (jobs/password-reset-request.ts), so the
 * answer takes the same time whether or not any account uses the address.
 */
export async function requestPasswordReset(deps: ConfirmationDeps, email: string): Promise<void> {
  await deps.boss.send(QUEUES.passwordResetRequest, { email } satisfies PasswordResetJob);
}

/**
 * The job's work: a reset link to the account the address belongs to (its confirmed owner,
 * else the newest account that gave it). Nothing when no account uses the address.
 */
export async function sendPasswordReset(deps: ConfirmationDeps, email: string): Promise<void> {
  const user = await q.findResetTarget(deps.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await withTransaction(deps.pool, async (tx) => {
    // Counted and written under one lock per address, so concurrent jobs cannot both pass.
    if ((await q.lockAndCountResetMails(tx, user.id, user.email)) >= RESET_MAILS_PER_ADDRESS_PER_HOUR) return;
    await q.retireResetTokens(tx.db, user.id, now);
    await q.insertResetToken(tx.db, {
      userId: user.id,
      email: user.email,
      tokenHash: hashResetToken(token),
      now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    const content = passwordResetEmail({
      name: user.fullName || user.username,
      resetUrl: `${deps.config.appUrl}/reset-password?token=${token}`,
      minutesValid: RESET_TOKEN_TTL_MS / 60_000,
      supportEmail: deps.config.supportEmail,
    });
    await queueEmail(tx, deps.boss, { kind: 'password_reset', userId: user.id, to: user.email, ...content });
  });
}

export async function isResetTokenValid(deps: ConfirmationDeps, token: string): Promise<boolean> {
  return Boolean(await q.findUsableResetToken(deps.db, hashResetToken(token), new Date()));
}

/**
 * Sets the new password and ends every session and every personal API token (whoever asked
 * for the link may be the only one who knows the account was taken over); the link came by
 * mail, so it confirms that address too.
 */
export async function resetPassword(deps: ConfirmationDeps, input: ResetPasswordInput): Promise<void> {
  const now = new Date();
  const invalid = () => new AppError(ERROR_CODES.validation, 'This reset link is invalid or has expired.', { token: ['This reset link is invalid or has expired.'] });
  const found = await q.findUsableResetToken(deps.db, hashResetToken(input.token), now);
  if (!found) throw invalid();
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(deps.pool, async (tx) => {
    if (!(await q.consumeResetToken(tx.db, found.id, now))) throw invalid();
    const user = await q.updateUser(tx.db, found.userId, { passwordHash });
    await sessionRows.deleteUserSessions(tx.db, found.userId);
    if (found.email) await confirmAddress(tx, deps, found.userId, found.email, now);
    // Told last, once the address the link went to is confirmed (so the notice is not held).
    await afterNewPassword(tx, deps, (await q.findUserById(tx.db, user.id))!, 'reset', true, now);
  });
}
