import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/api-error';
import { accountOf } from '../account';
import type { Db } from '../db/client';
import { AppError, unauthenticated } from '../errors';
import { findLiveToken, touchToken } from './api-tokens.queries';
import type { Limit } from './rate-limits';

/** Every token starts so: a reader (or a secret scanner) can tell what it is. */
export const TOKEN_PREFIX = 'fm_';

/**
 * The digest stored and looked up. Plain SHA-256, not keyed with the session secret: a token
 * holds 256 random bits, so a key adds nothing against guessing, and rotating the session
 * secret must not silently break every integration.
 */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token the request came with, if it came with one. */
    apiToken: { id: number; access: 'read' | 'write' } | null;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)\s*$/i;

/** A request that names its caller by a token: the session cookie is not read, and no browser sends this header across sites on its own. */
export const isBearerRequest = (request: FastifyRequest): boolean => /^Bearer\s/i.test(request.headers.authorization ?? '');

/**
 * What a token can never reach: the account itself (profile, password, address, sign-out),
 * organisations and their members, tokens, billing and support. These stay with a person signed in to Firemark.
 */
export const PEOPLE_ONLY = ['/api/auth/', '/api/organizations', '/api/invitations/', '/api/tokens', '/api/billing/', '/api/stripe/', '/api/create-subscription', '/api/subscription/trial', '/api/support/'];

export const API_TOKEN_LIMIT: Limit = {
  name: 'api-token',
  points: 120,
  durationSeconds: 60,
  key: (request) => `token:${request.apiToken?.id ?? 0}`,
};

const invalid = () =>
  unauthenticated('This API token is not valid: it may have been revoked or mistyped. Create a new one in Settings, API tokens.');

async function apiTokens(app: FastifyInstance, opts: { db: Db; billingOff: boolean }): Promise<void> {
  app.decorateRequest('apiToken', null);
  // Per instance: when this process last wrote a token's last-used time.
  const touched = new Map<number, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/') || !isBearerRequest(request)) return;
    const token = BEARER.exec(request.headers.authorization!)?.[1];
    if (!token?.startsWith(TOKEN_PREFIX)) throw invalid();
    const now = new Date();
    const found = await findLiveToken(opts.db, tokenDigest(token));
    if (!found) throw invalid();

    const path = request.routeOptions.url;
    if (PEOPLE_ONLY.some((prefix) => path.startsWith(prefix))) {
      throw new AppError(
        ERROR_CODES.forbidden,
        'API tokens cannot be used for the account, its password, API tokens, billing or support. Sign in to Firemark to do this.',
      );
    }
    if (found.access !== 'write' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(ERROR_CODES.forbidden, 'This API token is read-only. Create a Read and write token in Settings to make changes.');
    }
    request.apiToken = { id: found.id, access: found.access === 'write' ? 'write' : 'read' };
    request.account = accountOf(found.account, now, opts.billingOff);

    const state = await app.rateLimits.take(API_TOKEN_LIMIT, API_TOKEN_LIMIT.key(request));
    const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    reply.header('RateLimit-Limit', String(API_TOKEN_LIMIT.points));
    reply.header('RateLimit-Remaining', String(state.remaining));
    reply.header('RateLimit-Reset', String(resetSeconds));
    reply.header('RateLimit-Policy', `${API_TOKEN_LIMIT.points};w=${API_TOKEN_LIMIT.durationSeconds}`);
    if (!state.allowed) {
      reply.header('Retry-After', String(resetSeconds));
      throw new AppError(ERROR_CODES.rateLimited, `This API token made more than ${API_TOKEN_LIMIT.points} requests in a minute. Wait ${resetSeconds} seconds, then go on.`);
    }

    const last = touched.get(found.id) ?? found.lastUsedAt?.getTime() ?? 0;
    if (now.getTime() - last >= 60_000) {
      touched.set(found.id, now.getTime());
      await touchToken(opts.db, found.id, now);
    }
  });
}

/** Personal API tokens as `Authorization: Bearer` (docs/api.md); registered after the session plugin. */
export const apiTokensPlugin = fp(apiTokens, { name: 'api-tokens', dependencies: ['auth', 'rate-limits'] });
