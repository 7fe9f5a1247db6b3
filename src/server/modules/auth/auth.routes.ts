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
import { parse } from '../../validation';
import * as auth from './auth.service';

const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

export async function authRoutes(app: FastifyInstance, deps: auth.AuthDeps): Promise<void> {
  const perClient = { max: deps.config.authRateLimit, timeWindow: '1 minute' };
  // Per client and account name: guessing one account's password is slowed without
  // letting one noisy client lock everyone else out.
  const perLogin = {
    ...perClient,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { username?: unknown } | undefined;
      return `${request.ip}|${String(body?.username ?? '').toLowerCase()}`;
    },
  };

  app.post('/api/auth/register', { config: { rateLimit: perClient } }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { user, token } = await auth.register(deps, input, userAgent(request));
    deps.sessions.setCookie(reply, token);
    return reply.status(201).send(auth.toSessionUser(user));
  });

  app.post('/api/auth/login', { config: { rateLimit: perLogin } }, async (request, reply) => {
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
