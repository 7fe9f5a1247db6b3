import type PgBoss from 'pg-boss';
import type pg from 'pg';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type ChangePasswordInput,
  type NotificationSettings,
  type ProfileInput,
  type RegisterInput,
  type SessionUser,
} from '@shared/schemas/auth';
import { ERROR_CODES } from '@shared/api-error';
import { can } from '@shared/permissions';
import type { Account } from '../../account';
import { forbidden } from '../../access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import { AppError, conflict, validationFailed } from '../../errors';
import { SESSION_TTL_MS, type Sessions } from '../../plugins/auth';
import * as q from './auth.queries';
import * as sessionRows from '../../plugins/sessions.queries';
import { assertAddressChangeAllowed, requestConfirmation } from './email-confirmation.service';
import { afterNewPassword } from './password-changed';
import { startTrialAtSignup } from '../subscription/subscription.service';
import { createOwnOrganization } from '../organizations/organizations.service';
import { followZoneWhereAlone } from '../organizations/organizations.queries';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../passwords';
import { transactionAsActor } from '../../db/actor';

export interface AuthDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  sessions: Sessions;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

/**
 * Turns a taken username into the field message the form shows. A taken e-mail address is
 * never said: only confirmed addresses are unique, and a new or changed address is unconfirmed.
 */
function duplicateAccount(error: unknown): AppError | undefined {
  // Drizzle wraps the driver's error; the PostgreSQL fields are on its cause.
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'users_username_lower_key') {
    return conflict('That username is already taken.', { username: ['Username is already taken'] });
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
  await sessionRows.insertSession(deps.db, { tokenHash: hash, userId, userAgent, now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return token;
}

/**
 * A new account, signed in, with its address still to confirm. An address another account
 * has confirmed is accepted the same way (that account's owner is told instead: see
 * requestConfirmation), so sign-up never says whether an address has an account.
 */
export async function register(deps: AuthDeps, input: RegisterInput, userAgent: string | null) {
  await assertDatabaseKnowsZone(deps, input.timeZone);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  let user: UserRow;
  try {
    user = await withTransaction(deps.pool, async (tx) => {
      const created = await q.insertUser(tx.db, {
        username: input.username,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        timeZone: input.timeZone ?? 'UTC',
      });
      await createOwnOrganization(tx.db, created);
      if (input.startTrial) await startTrialAtSignup(tx.db, created.id, now);
      await requestConfirmation(tx, deps, created, now);
      return created;
    });
  } catch (error) {
    throw duplicateAccount(error) ?? error;
  }
  return { user, token: await startSession(deps, user.id, userAgent) };
}

/** The account a sign-in name reaches (username or address, any case), for the sign-in limits. */
export async function findLoginAccountId(deps: AuthDeps, name: string): Promise<number | undefined> {
  return (await q.findUserByLogin(deps.db, name))?.id;
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
  if (!tokenHash) return;
  deps.sessions.cache.drop(tokenHash);
  // Other instances notice through the account's session version, raised by the same statement.
  await sessionRows.deleteSession(deps.db, tokenHash);
}

/**
 * Saves the profile. A new e-mail address (not merely another spelling of the same one) is
 * unconfirmed until its link is used, and taken or not, it is accepted the same way.
 */
export async function updateProfile(deps: AuthDeps, user: UserRow, input: ProfileInput) {
  await assertDatabaseKnowsZone(deps, input.timeZone);
  const values = {
    fullName: input.fullName,
    email: input.email,
    username: input.username,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  };
  const newAddress = input.email.toLowerCase() !== user.email.toLowerCase();
  // As the person, in their organisation's history (docs/history.md).
  if (input.timeZone) await transactionAsActor(deps.db, (tx) => followZoneWhereAlone(tx, user.id, input.timeZone!));
  try {
    if (!newAddress) return await q.updateUser(deps.db, user.id, values);
    const now = new Date();
    return await withTransaction(deps.pool, async (tx) => {
      await assertAddressChangeAllowed(tx, user.id, now);
      const updated = await q.updateUser(tx.db, user.id, { ...values, emailConfirmedAt: null });
      await requestConfirmation(tx, deps, updated, now);
      return updated;
    });
  } catch (error) {
    throw duplicateAccount(error) ?? error;
  }
}

export async function changePassword(deps: AuthDeps, user: UserRow, currentTokenHash: string, input: ChangePasswordInput) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw validationFailed({ currentPassword: ['Current password is incorrect'] }, 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await withTransaction(deps.pool, async (tx) => {
    const updated = await q.updateUser(tx.db, user.id, { passwordHash });
    // Whoever else holds a session of this account loses it; this browser stays signed in.
    await sessionRows.deleteUserSessions(tx.db, user.id, currentTokenHash);
    await afterNewPassword(tx, deps, updated, 'changed', input.revokeApiTokens, now);
  });
}

/** Settings saved before a switch existed read as that switch's default. */
const withDefaults = (saved: Partial<NotificationSettings>): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...saved });

export async function getNotificationSettings(deps: AuthDeps, userId: number): Promise<NotificationSettings> {
  const user = await q.findUserById(deps.db, userId);
  return withDefaults(user!.notificationSettings);
}

/**
 * The monthly portfolio summary is for owners and admins: switching it on is refused to any
 * other role of the organisation in use. Switching it off, or saving it as it was, is always
 * allowed (it may have been switched on while acting as the owner of another organisation).
 */
export async function setNotificationSettings(deps: AuthDeps, userId: number, account: Account | null, settings: NotificationSettings) {
  if (settings.emailMonthlySummary) {
    const current = await getNotificationSettings(deps, userId);
    if (!current.emailMonthlySummary && !(account && can(account.role, 'insight.summaryMail'))) throw forbidden('insight.summaryMail');
  }
  const user = await q.updateUser(deps.db, userId, { notificationSettings: settings });
  return withDefaults(user.notificationSettings);
}
