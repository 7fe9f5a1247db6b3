import { createHash, randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type {
  ChangePasswordInput,
  NotificationSettings,
  ProfileInput,
  RegisterInput,
  ResetPasswordInput,
  SessionUser,
} from '@shared/schemas/auth';
import { ERROR_CODES } from '@shared/api-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { passwordResetEmail } from '../../email/templates/password-reset';
import { AppError, conflict, validationFailed } from '../../errors';
import { SESSION_TTL_MS, type Sessions } from '../../plugins/auth';
import * as q from './auth.queries';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface AuthDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  sessions: Sessions;
}

export function toSessionUser(user: q.UserRow): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Turns a unique-index violation on users into the field message the form shows. */
function duplicateAccount(error: unknown): AppError | undefined {
  // Drizzle wraps the driver's error; the PostgreSQL fields are on its cause.
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'users_username_lower_key') {
    return conflict('That username is already taken.', { username: ['Username is already taken'] });
  }
  if (e.constraint === 'users_email_lower_key') {
    return conflict('An account with that e-mail address already exists.', { email: ['Email is already registered'] });
  }
  return undefined;
}

/**
 * "Today" is computed by PostgreSQL in the account's zone, so a zone must be one PostgreSQL
 * knows as well as the browser; a zone only one of them knows would break every due date.
 */
async function assertDatabaseKnowsZone(deps: AuthDeps, timeZone: string | undefined): Promise<void> {
  if (!timeZone) return;
  try {
    await deps.pool.query('select now() at time zone $1', [timeZone]);
  } catch {
    throw validationFailed({ timeZone: ['Unknown time zone'] });
  }
}

async function startSession(deps: AuthDeps, userId: number, userAgent: string | null) {
  const now = new Date();
  const { token, hash } = deps.sessions.newToken();
  await q.insertSession(deps.db, { tokenHash: hash, userId, userAgent, now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return token;
}

export async function register(deps: AuthDeps, input: RegisterInput, userAgent: string | null) {
  await assertDatabaseKnowsZone(deps, input.timeZone);
  const passwordHash = await hashPassword(input.password);
  let user: q.UserRow;
  try {
    user = await q.insertUser(deps.db, {
      username: input.username,
      email: input.email,
      fullName: input.fullName,
      passwordHash,
      timeZone: input.timeZone ?? 'UTC',
    });
  } catch (error) {
    throw duplicateAccount(error) ?? error;
  }
  return { user, token: await startSession(deps, user.id, userAgent) };
}

const INVALID_LOGIN = () => new AppError(ERROR_CODES.unauthenticated, 'Invalid username or password');

export async function login(deps: AuthDeps, input: { username: string; password: string }, userAgent: string | null) {
  const user = await q.findUserByLogin(deps.db, input.username);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw INVALID_LOGIN();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw INVALID_LOGIN();
  // A new session id at every sign-in: a token planted before login is worth nothing after.
  return { user, token: await startSession(deps, user.id, userAgent) };
}

export async function logout(deps: AuthDeps, tokenHash: string | null): Promise<void> {
  if (tokenHash) await q.deleteSession(deps.db, tokenHash);
}

export async function updateProfile(deps: AuthDeps, userId: number, input: ProfileInput) {
  await assertDatabaseKnowsZone(deps, input.timeZone);
  try {
    return await q.updateUser(deps.db, userId, {
      fullName: input.fullName,
      email: input.email,
      username: input.username,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    });
  } catch (error) {
    throw duplicateAccount(error) ?? error;
  }
}

export async function changePassword(deps: AuthDeps, user: q.UserRow, currentTokenHash: string, input: ChangePasswordInput) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw validationFailed({ currentPassword: ['Current password is incorrect'] }, 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(deps.pool, async ({ db }) => {
    await q.updateUser(db, user.id, { passwordHash });
    // Whoever else holds a session of this account loses it; this browser stays signed in.
    await q.deleteUserSessions(db, user.id, currentTokenHash);
  });
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Always succeeds from the caller's view: the answer never tells whether the address exists. */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await withTransaction(deps.pool, async (tx) => {
    await q.retireResetTokens(tx.db, user.id, now);
    await q.insertResetToken(tx.db, {
      userId: user.id,
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

export async function isResetTokenValid(deps: AuthDeps, token: string): Promise<boolean> {
  return Boolean(await q.findUsableResetToken(deps.db, hashResetToken(token), new Date()));
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<void> {
  const now = new Date();
  const invalid = () => new AppError(ERROR_CODES.validation, 'This reset link is invalid or has expired.', { token: ['This reset link is invalid or has expired.'] });
  const found = await q.findUsableResetToken(deps.db, hashResetToken(input.token), now);
  if (!found) throw invalid();
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(deps.pool, async ({ db }) => {
    if (!(await q.consumeResetToken(db, found.id, now))) throw invalid();
    await q.updateUser(db, found.userId, { passwordHash });
    await q.deleteUserSessions(db, found.userId);
  });
}

export async function getNotificationSettings(deps: AuthDeps, userId: number): Promise<NotificationSettings> {
  const user = await q.findUserById(deps.db, userId);
  return user!.notificationSettings;
}

export async function setNotificationSettings(deps: AuthDeps, userId: number, settings: NotificationSettings) {
  const user = await q.updateUser(deps.db, userId, { notificationSettings: settings });
  return user.notificationSettings;
}
