import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationSettingsSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '@shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import { limit } from '../../plugins/rate-limits';
import { parse } from '../../validation';
import * as auth from './auth.service';
import { emailConfirmationRoutes } from './email-confirmation.routes';
import * as passwordReset from './password-reset.service';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

export async function authRoutes(app: FastifyInstance, deps: auth.AuthDeps): Promise<void> {
  const perMinute = deps.config.authRateLimit;
  // Each route counts its own attempts per client address.
  const perClient = (name: string) => limit({ name, points: perMinute, durationSeconds: 60, key: (request) => request.ip });
  // Per client and account name: guessing one account's password is slowed without one
  // noisy client locking everyone else out. The name is keyed as the server reads it
  // (trimmed, any case), so " victim" counts as "victim".
  const perLogin = limit({
    name: 'login',
    points: perMinute,
    durationSeconds: 60,
    key: (request) => {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      return `${request.ip}|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
    },
  });
  // And a ceiling per client across all names, so that trying many names cannot keep the
  // (deliberately costly) password hashing busy.
  const loginCeiling = limit({ name: 'login-ceiling', points: perMinute * 5, durationSeconds: 60, key: (request) => request.ip });

  app.post('/api/auth/register', { preHandler: perClient('register') }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { user, token } = await auth.register(deps, input, userAgent(request));
    deps.sessions.setCookie(reply, token);
    return reply.status(201).send(auth.toSessionUser(user));
  });

  app.post('/api/auth/login', { preHandler: [perLogin, loginCeiling] }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const { user, token } = await auth.login(deps, input, userAgent(request));
    deps.sessions.setCookie(reply, token);
    return auth.toSessionUser(user);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(deps, request.sessionTokenHash);
    deps.sessions.clearCookie(reply);
    return { success: true };
  });

  app.get('/api/auth/me', async (request) => auth.toSessionUser(requireUser(request)));

  app.put('/api/auth/profile', async (request) => {
    const user = requireUser(request);
    const input = parse(profileSchema, request.body);
    return auth.toSessionUser(await auth.updateProfile(deps, user, input));
  });

  app.put('/api/auth/password', async (request) => {
    const user = requireUser(request);
    const input = parse(changePasswordSchema, request.body);
    await auth.changePassword(deps, user, request.sessionTokenHash!, input);
    return { success: true };
  });

  app.get('/api/auth/notification-settings', async (request) =>
    auth.getNotificationSettings(deps, requireUser(request).id),
  );

  app.put('/api/auth/notification-settings', async (request) => {
    const user = requireUser(request);
    const input = parse(notificationSettingsSchema, request.body);
    return auth.setNotificationSettings(deps, user.id, input);
  });

  app.post('/api/auth/forgot-password', { preHandler: perClient('forgot-password') }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await passwordReset.requestPasswordReset(deps, email);
    return { message: 'If an account uses that address, a reset link is on its way.' };
  });

  app.get<{ Params: { token: string } }>('/api/auth/validate-reset-token/:token', async (request) => ({
    valid: await passwordReset.isResetTokenValid(deps, request.params.token),
  }));

  app.post('/api/auth/reset-password', { preHandler: perClient('reset-password') }, async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    await passwordReset.resetPassword(deps, input);
    return { success: true };
  });

  await emailConfirmationRoutes(app, deps, perClient);
}
