import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@shared/api-error';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationSettingsSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '@shared/schemas/auth';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { parse } from '../../validation';
import * as auth from './auth.service';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

export async function authRoutes(app: FastifyInstance, deps: auth.AuthDeps): Promise<void> {
  const perClient = { max: deps.config.authRateLimit, timeWindow: '1 minute' };
  // Per client and account name: guessing one account's password is slowed without one
  // noisy client locking everyone else out. The name is keyed as the server reads it
  // (trimmed, any case), so " victim" counts as "victim".
  const perLogin = {
    ...perClient,
    keyGenerator: (request: FastifyRequest) => {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      return `${request.ip}|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
    },
  };
  // And a ceiling per client across all names, so that trying many names cannot keep the
  // (deliberately costly) password hashing busy. A second counter on one route has to be
  // checked by hand: the plugin runs one limiter per request.
  const ceiling = app.createRateLimit({ max: deps.config.authRateLimit * 5, timeWindow: '1 minute' });
  const loginCeiling = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await ceiling(request);
    if ('isExceeded' in result && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(ERROR_CODES.rateLimited, `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`);
    }
  };

  app.post('/api/auth/register', { config: { rateLimit: perClient } }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { user, token } = await auth.register(deps, input, userAgent(request));
    deps.sessions.setCookie(reply, token);
    return reply.status(201).send(auth.toSessionUser(user));
  });

  app.post('/api/auth/login', { config: { rateLimit: perLogin }, preHandler: loginCeiling }, async (request, reply) => {
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
    return auth.toSessionUser(await auth.updateProfile(deps, user.id, input));
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

  app.post('/api/auth/forgot-password', { config: { rateLimit: perClient } }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await auth.forgotPassword(deps, email);
    return { message: 'If an account uses that address, a reset link is on its way.' };
  });

  app.get<{ Params: { token: string } }>('/api/auth/validate-reset-token/:token', async (request) => ({
    valid: await auth.isResetTokenValid(deps, request.params.token),
  }));

  app.post('/api/auth/reset-password', { config: { rateLimit: perClient } }, async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    await auth.resetPassword(deps, input);
    return { success: true };
  });
}
