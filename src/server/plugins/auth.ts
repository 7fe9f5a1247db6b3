import { createHmac, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountOf, type Account } from '../account';
import { assertCan } from '../access';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/index';
import { AppError, unauthenticated } from '../errors';
import { ERROR_CODES } from '@shared/api-error';
import type {} from '../route-schema';
import { isBearerRequest } from './api-tokens';
import { createSessionCache, type SessionCache } from './session-cache';
import { coalescedAccountReads } from './account-reads';
import { findSessionUser, findUsersForSessions, touchSession, type MembershipAccess, type PersonRow } from './sessions.queries';

export const SESSION_COOKIE = 'firemark_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so most requests only read. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null; services receive it through `requireAccount`. */
    account: Account | null;
    /** The session's users row, for the auth module alone (profile, password, sign-out). */
    user: UserRow | null;
    /** The person's organisations, for the organisations module (list, switch). */
    memberships: MembershipAccess[] | null;
    sessionTokenHash: string | null;
  }
}

export interface Sessions {
  /** A fresh random token (for the cookie) and its keyed hash (for the database). */
  newToken(): { token: string; hash: string };
  hash(token: string): string;
  setCookie(reply: FastifyReply, token: string): void;
  clearCookie(reply: FastifyReply): void;
  /** This instance's memory of recent sessions; logout drops its own token from it. */
  cache: SessionCache;
}

/**
 * Tokens whose keyed hash is remembered. They are tokens this process was just sent in cookies;
 * keeping them a little longer gives away nothing that reading the process's memory would not.
 * A flood of made-up tokens only pushes real ones out, which costs their next request an HMAC.
 */
const MAX_REMEMBERED_HASHES = 50_000;

export function createSessions(config: Config, secret: string): Sessions {
  const keyedHash = (token: string) => createHmac('sha256', secret).update(token).digest('hex');
  // Most requests bring a token seen a moment ago, and its HMAC costs more than the rest of the
  // session check (a remembered session included). The oldest go first.
  const recent = new Map<string, string>();
  const hash = (token: string) => {
    let hashed = recent.get(token);
    if (hashed === undefined) {
      hashed = keyedHash(token);
      if (recent.size >= MAX_REMEMBERED_HASHES) recent.delete(recent.keys().next().value!);
      recent.set(token, hashed);
    }
    return hashed;
  };
  return {
    hash,
    cache: createSessionCache(),
    newToken() {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: hash(token) };
    },
    setCookie(reply, token) {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: SESSION_TTL_MS / 1000,
      });
    },
    clearCookie(reply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
    },
  };
}

/** The signed-in caller, or a 401 for routes that need one. */
export function requireAccount(request: FastifyRequest): Account {
  if (!request.account) throw unauthenticated();
  return request.account;
}

/** The session's users row, or a 401: for the auth module's own routes only. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/**
 * The session's account, read fresh on every request (a plan or profile changed elsewhere
 * shows at once); only which account the token belongs to is remembered (session-cache.ts).
 */
async function currentSession(
  db: Db,
  readAccount: (id: number) => Promise<PersonRow | undefined>,
  cache: SessionCache,
  tokenHash: string,
  now: Date,
): Promise<{ user: PersonRow; organizationId: number | null; lastSeenAt: number } | undefined> {
  const remembered = cache.get(tokenHash, now.getTime());
  if (remembered) {
    const user = await readAccount(remembered.userId);
    if (user && user.sessionVersion === remembered.sessionVersion) {
      return { user, organizationId: remembered.organizationId, lastSeenAt: remembered.lastSeenAt };
    }
    cache.drop(tokenHash);
  }
  const found = await findSessionUser(db, tokenHash, now);
  if (!found) return undefined;
  const lastSeenAt = found.lastSeenAt.getTime();
  cache.set(
    tokenHash,
    {
      userId: found.user.id,
      organizationId: found.organizationId,
      sessionVersion: found.user.sessionVersion,
      expiresAt: found.expiresAt.getTime(),
      lastSeenAt,
    },
    now.getTime(),
  );
  return { user: found.user, organizationId: found.organizationId, lastSeenAt };
}

/**
 * The membership a session acts through: the organisation it chose, or, when it chose none or
 * the person is no longer a member there, their oldest membership. None: the person belongs to
 * no organisation.
 */
export function membershipInUse(memberships: MembershipAccess[], organizationId: number | null): MembershipAccess | undefined {
  return memberships.find((m) => m.organizationId === organizationId) ?? memberships[0];
}

/** The caller as services see it, from a person and the membership in use. */
export function accountFor(userId: number, membership: MembershipAccess, now: Date, billingOff: boolean): Account {
  return accountOf({ ...membership, userId }, now, billingOff);
}

async function auth(app: FastifyInstance, opts: { db: Db; sessions: Sessions; billingOff: boolean }): Promise<void> {
  await app.register(cookie);
  const readAccount = coalescedAccountReads((ids) => findUsersForSessions(opts.db, ids));
  app.decorateRequest('account', null);
  app.decorateRequest('user', null);
  app.decorateRequest('memberships', null);
  app.decorateRequest('sessionTokenHash', null);

  app.addHook('onRequest', async (request) => {
    // By the matched route, not the raw URL, which may be percent-encoded.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    // A request that brings an API token is that token's alone (plugins/api-tokens.ts): its
    // cookie is not read, so a forged cross-site request cannot ride on it.
    if (isBearerRequest(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const now = new Date();
    const tokenHash = opts.sessions.hash(token);
    const session = await currentSession(opts.db, readAccount, opts.sessions.cache, tokenHash, now);
    if (!session) return;
    const { memberships, ...user } = session.user;
    request.user = user;
    request.memberships = memberships;
    const membership = membershipInUse(memberships, session.organizationId);
    request.account = membership ? accountFor(user.id, membership, now, opts.billingOff) : null;
    request.sessionTokenHash = tokenHash;
    if (now.getTime() - session.lastSeenAt > TOUCH_AFTER_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await touchSession(opts.db, tokenHash, now, expiresAt);
      opts.sessions.cache.set(
        tokenHash,
        {
          userId: session.user.id,
          organizationId: session.organizationId,
          sessionVersion: session.user.sessionVersion,
          expiresAt: expiresAt.getTime(),
          lastSeenAt: now.getTime(),
        },
        now.getTime(),
      );
    }
  });

  // Every /api route that is not public needs a caller, and says so before it reads any input:
  // a stranger learns "sign in", never which fields a form takes (route-schema.ts).
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!request.routeOptions.url?.startsWith('/api/') || schema?.public) return;
    if (request.account) {
      if (schema?.permission) assertCan(request.account, schema.permission);
      return;
    }
    if (!request.user) throw unauthenticated();
    // Signed in, but in no organisation (the last one left them): only their own account and
    // creating an organisation remain.
    const url = request.routeOptions.url;
    if (url.startsWith('/api/auth/') || url === '/api/organizations') return;
    throw new AppError(ERROR_CODES.forbidden, 'You are not a member of any organisation. Create one from the organisation menu, or ask to be invited.');
  });
}

export const authPlugin = fp(auth, { name: 'auth' });
