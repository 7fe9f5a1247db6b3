import { createHash } from 'node:crypto';
import { getTableName, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_CODES } from '@shared/api-error';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { AppError } from '../errors';

/** A limit on a route: at most `points` requests per key in each window of `durationSeconds`. */
export interface Limit {
  /** Names the counter: routes whose limits share a name share one count. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Whom the limit counts: a client address, an account, an address and a name. */
  key(request: FastifyRequest): string;
}

interface RateLimits {
  /** Counts one request; the answer for a request over the limit, or null to go on. */
  consume(limit: Limit, key: string): Promise<RateLimiterRes | null>;
  /** Counts one request and says where the key stands, for `RateLimit` headers. */
  take(limit: Limit, key: string): Promise<{ allowed: boolean; remaining: number; msBeforeNext: number }>;
  /**
   * Gives back one counted request: a limit on failures counts every attempt first (so
   * concurrent attempts cannot slip past a check) and refunds those that succeed.
   */
  refund(limit: Limit, key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

const CLEANUP_EVERY_MS = 5 * 60 * 1000;
// Counters are reset in place when their window has passed; rows are deleted only well
// after, so a clock a little behind on another instance never sees a window vanish early.
const KEEP_ENDED_MS = 60 * 60 * 1000;

/**
 * Keys are stored as they are when short and printable (readable in the table), else as a
 * digest: a login key holds what the client sent as a name, before validation, and the
 * column takes neither NUL characters nor more than 255 characters. "~" marks a digest and is
 * never part of a readable key, so the two kinds cannot collide.
 */
function storedKey(key: string): string {
  if (/^[\x20-\x7d]{1,160}$/.test(key)) return key;
  return `~${createHash('sha256').update(key).digest('base64url')}`;
}

function waitText(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * A route's limit, as a `preValidation` hook: after the body is parsed and the session read,
 * so a key may use either, and before the input is validated, so bad attempts count too. Over the limit it answers 429 with `Retry-After`. When the counters
 * cannot be read (the database is down) the request fails with that error, as any other
 * database access would, rather than passing unlimited or claiming a limit was reached.
 */
export function limit(spec: Limit) {
  return async function limited(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const refused = await request.server.rateLimits.consume(spec, spec.key(request));
    if (!refused) return;
    const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError(ERROR_CODES.rateLimited, `Too many attempts. Please try again in ${waitText(seconds)}.`);
  };
}

/**
 * A limit counted per signed-in person (per client address before sign-in), for actions
 * that cost real work or send mail: one person cannot do them in a loop, and one member's
 * loop does not use up the allowance of the rest of their organisation.
 */
export const perAccount = (name: string, points: number, durationSeconds = 10 * 60): Limit => ({
  name,
  points,
  durationSeconds,
  key: (request) => (request.account ? `user:${request.account.userId}` : `ip:${request.ip}`),
});

/**
 * Counters live in the shared database, so every instance of the app counts against the
 * same limits. The table comes from a migration (no DDL at request time).
 */
async function rateLimitCounters(app: FastifyInstance, opts: { pool: pg.Pool; db: Db }): Promise<void> {
  const limiters = new Map<string, { spec: Limit; limiter: RateLimiterPostgres }>();

  const limiterFor = (spec: Limit): RateLimiterPostgres => {
    const known = limiters.get(spec.name);
    if (known) {
      if (known.spec.points !== spec.points || known.spec.durationSeconds !== spec.durationSeconds) {
        throw new Error(`Two rate limits are named "${spec.name}" with different numbers: give each its own name.`);
      }
      return known.limiter;
    }
    const limiter = new RateLimiterPostgres({
      storeClient: opts.pool,
      storeType: 'pool',
      tableName: getTableName(rateLimits),
      tableCreated: true,
      // The plugin clears old rows itself, with a timer it stops when the app closes.
      clearExpiredByTimeout: false,
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSeconds,
    });
    limiters.set(spec.name, { spec, limiter });
    return limiter;
  };

  const take: RateLimits['take'] = async (spec, key) => {
    try {
      const res = await limiterFor(spec).consume(storedKey(key));
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (error) {
      // The library rejects with its result when the limit is reached, with an Error when the store fails.
      if (error instanceof RateLimiterRes) return { allowed: false, remaining: 0, msBeforeNext: error.msBeforeNext };
      throw error;
    }
  };
  app.decorate('rateLimits', {
    take,
    async refund(spec, key) {
      await limiterFor(spec).reward(storedKey(key), 1);
    },
    async consume(spec, key) {
      const state = await take(spec, key);
      return state.allowed ? null : new RateLimiterRes(0, state.msBeforeNext);
    },
  } satisfies RateLimits);

  const cleanup = setInterval(() => {
    opts.db
      .delete(rateLimits)
      .where(lt(rateLimits.expire, Date.now() - KEEP_ENDED_MS))
      .catch(() => undefined); // tried again next time; the counters work without it
  }, CLEANUP_EVERY_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

export const rateLimitsPlugin = fp(rateLimitCounters, { name: 'rate-limits' });
