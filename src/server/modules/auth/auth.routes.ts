import { currentOrganization } from '../organizations/organizations.service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationSettingsSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserResponse,
} from '@shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import { limit, type Limit } from '../../plugins/rate-limits';
import { messageResponse, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as auth from './auth.service';
import { emailConfirmationRoutes } from './email-confirmation.routes';
import * as passwordReset from './password-reset.service';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

const tags = ['Account'];
/** Failed sign-ins to one account from all clients together: AUTH_RATE_LIMIT in this window. */
export const ACCOUNT_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Longer than any username or address (loginSchema); such a name is not looked up. */
const MAX_LOGIN_NAME = 254;
/** The account's own routes answer a signed-in browser only: an API token is refused (plugins/api-tokens.ts). */
const browserOnly = 'For a signed-in browser: an API token is refused here (403).';
const doc = (summary: string) => ({ tags, summary, description: browserOnly });
const publicDoc = (summary: string) => ({ tags, summary, public: true });

export async function authRoutes(app: FastifyInstance, deps: auth.AuthDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perMinute = deps.config.authRateLimit;
  // Each route counts its own attempts per client address.
  const perClient = (name: string) => limit({ name, points: perMinute, durationSeconds: 60, key: (request) => request.ip });

  // Sign-in limits count per account, whichever name reached it: the username and the
  // address (any case, trimmed) are one account (auth.service's findUserByLogin). A name
  // that is no account is keyed by the name as the server reads it, and limited the same.
  const accountKeys = new WeakMap<FastifyRequest, string>();
  const resolveAccount = async (request: FastifyRequest) => {
    const username = (request.body as { username?: unknown } | undefined)?.username;
    const name = typeof username === 'string' ? username.trim().toLowerCase() : '';
    // Before validation: a name no account can have (too long, a NUL the database refuses) is not looked up.
    const lookUp = name !== '' && name.length <= MAX_LOGIN_NAME && !name.includes('\u0000');
    const account = lookUp ? await auth.findLoginAccountId(deps, name) : undefined;
    accountKeys.set(request, account === undefined ? `name:${name}` : `user:${account}`);
  };
  const accountKey = (request: FastifyRequest) => accountKeys.get(request) ?? 'name:';
  // Per client and account: guessing one account's password is slowed without one noisy
  // client locking everyone else out.
  const perLogin = limit({ name: 'login', points: perMinute, durationSeconds: 60, key: (request) => `${request.ip}|${accountKey(request)}` });
  // Per account across every client: failed sign-ins only (a success is refunded), so many
  // addresses guessing one password together are held to the same pace.
  const accountFailures: Limit = { name: 'login-account', points: perMinute, durationSeconds: ACCOUNT_FAILURE_WINDOW_SECONDS, key: accountKey };
  const perAccountFailures = limit(accountFailures);
  // And a ceiling per client across all names, so that trying many names cannot keep the
  // (deliberately costly) password hashing busy.
  const loginCeiling = limit({ name: 'login-ceiling', points: perMinute * 5, durationSeconds: 60, key: (request) => request.ip });

  api.post(
    '/api/auth/register',
    { preValidation: perClient('register'), schema: { ...publicDoc('Sign up'), body: registerSchema, response: { 201: sessionUserResponse } } },
    async (request, reply) => {
      const { user, token } = await auth.register(deps, request.body, userAgent(request));
      deps.sessions.setCookie(reply, token);
      return reply.status(201).send(auth.toSessionUser(user));
    },
  );

  api.post(
    '/api/auth/login',
    // The ceiling first: a client spraying names is refused before any name is looked up.
    { preValidation: [loginCeiling, resolveAccount, perLogin, perAccountFailures], schema: { ...publicDoc('Sign in'), body: loginSchema, response: { 200: sessionUserResponse } } },
    async (request, reply) => {
      const { user, token } = await auth.login(deps, request.body, userAgent(request));
      await app.rateLimits.refund(accountFailures, accountKey(request));
      deps.sessions.setCookie(reply, token);
      return auth.toSessionUser(user);
    },
  );

  api.post('/api/auth/logout', { schema: { ...publicDoc('Sign out'), response: { 200: successResponse } } }, async (request, reply) => {
    await auth.logout(deps, request.sessionTokenHash);
    deps.sessions.clearCookie(reply);
    return { success: true as const };
  });

  api.get('/api/auth/me', { schema: { ...doc('Get the signed-in account and the organisation in use'), response: { 200: sessionUserResponse } } }, async (request) => ({
    ...auth.toSessionUser(requireUser(request)),
    organization: request.account ? currentOrganization(request.account, request.memberships ?? []) : null,
  }));

  api.put('/api/auth/profile', { schema: { ...doc('Update the profile'), body: profileSchema, response: { 200: sessionUserResponse } } }, async (request) =>
    auth.toSessionUser(await auth.updateProfile(deps, requireUser(request), request.body)),
  );

  api.put('/api/auth/password', { schema: { ...doc('Change the password'), body: changePasswordSchema, response: { 200: successResponse } } }, async (request) => {
    await auth.changePassword(deps, requireUser(request), request.sessionTokenHash!, request.body);
    return { success: true as const };
  });

  api.get('/api/auth/notification-settings', { schema: { ...doc('Get the e-mail settings'), response: { 200: notificationSettingsSchema } } }, async (request) =>
    auth.getNotificationSettings(deps, requireUser(request).id),
  );

  api.put(
    '/api/auth/notification-settings',
    { schema: { ...doc('Change the e-mail settings'), body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    async (request) => auth.setNotificationSettings(deps, requireUser(request).id, request.account ?? null, request.body),
  );

  api.post(
    '/api/auth/forgot-password',
    { preValidation: perClient('forgot-password'), schema: { ...publicDoc('Ask for a password reset'), body: forgotPasswordSchema, response: { 200: messageResponse } } },
    async (request) => {
      await passwordReset.requestPasswordReset(deps, request.body.email);
      return { message: 'If an account uses that address, a reset link is on its way.' };
    },
  );

  api.get(
    '/api/auth/validate-reset-token/:token',
    { schema: { ...publicDoc('Check a password reset link'), params: z.object({ token: z.string() }), response: { 200: z.object({ valid: z.boolean() }) } } },
    async (request) => ({ valid: await passwordReset.isResetTokenValid(deps, request.params.token) }),
  );

  api.post(
    '/api/auth/reset-password',
    { preValidation: perClient('reset-password'), schema: { ...publicDoc('Reset the password'), body: resetPasswordSchema, response: { 200: successResponse } } },
    async (request) => {
      await passwordReset.resetPassword(deps, request.body);
      return { success: true as const };
    },
  );

  await emailConfirmationRoutes(app, deps, perClient);
}
