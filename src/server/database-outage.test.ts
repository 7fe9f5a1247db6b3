import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createDb, createPool } from './db/client';
import { logSafeError, safeErrorMessage } from './db/log-safe-error';
import { createSessions } from './plugins/auth';
import { createTestContext, type TestContext } from './testing/test-app';
import { unusedPort } from './testing/unused-port';

/**
 * The same app and the same sessions, but with DATABASE_URL pointing to a port where no
 * server answers: what a user sees, and what the log says, while the database is down.
 */
let ctx: TestContext;
let down: FastifyInstance;
let deadPool: pg.Pool;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const url = new URL(ctx.config.databaseUrl!);
  url.port = String(await unusedPort());
  deadPool = createPool(url.toString(), 2);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  down = await buildApp({ ...ctx.runtime, pool: deadPool, db: createDb(deadPool) }, { serveClient: false, logger: { level: 'info', stream: logStream } });
  await down.ready();
});
afterAll(async () => {
  await down.close();
  await deadPool.end();
  await ctx.close();
});

const unavailable = {
  message: 'Firemark cannot reach its database right now. Please try again in a moment.',
  code: 'SERVICE_UNAVAILABLE',
};

describe('with the database down', () => {
  it('a signed-in request answers 503 with Retry-After, and the log holds no session token or its hash', async () => {
    const { agent } = await ctx.signedIn();
    const token = agent.cookie!.split('=')[1]!;
    const tokenHash = createSessions(ctx.config, ctx.runtime.sessionSecret).hash(token);

    const res = await down.inject({ method: 'GET', url: '/api/properties', headers: { cookie: agent.cookie! } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable);

    const log = logLines.join('');
    expect(log).toContain('the database is unreachable');
    expect(log).toContain('ECONNREFUSED');
    expect(log).not.toContain(tokenHash);
    expect(log).not.toContain(token);
  });

  it('signing in answers 503 too, and so does /readyz, while /healthz still answers', async () => {
    const res = await down.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ctx.config.appOrigin },
      payload: { username: 'someone', password: 'a-secret-password' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable);
    expect(logLines.join('')).not.toContain('a-secret-password');

    expect((await down.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await down.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('the same requests answer normally on the database that is up', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/properties')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('a query that fails', () => {
  it('is logged with its SQL, SQLSTATE and driver message but not its parameters', async () => {
    const secret = 'f3a9c0ffee-session-hash';
    const error = await ctx.runtime.db.execute(sql`select * from no_such_table where token = ${secret}`).catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(secret); // what the driver error carries

    const logged = JSON.stringify(logSafeError(error));
    expect(logged).not.toContain(secret);
    expect(JSON.parse(logged)).toMatchObject({
      code: '42P01',
      message: 'relation "no_such_table" does not exist',
      query: 'select * from no_such_table where token = $1',
    });
    // The line kept in an outbox row's last_error is as clean.
    expect(safeErrorMessage(error)).toBe('relation "no_such_table" does not exist (42P01) in: select * from no_such_table where token = $1');
  });

  it('leaves errors that do not come from the database as they are', () => {
    const bug = new TypeError('x is undefined');
    expect(logSafeError(bug)).toBe(bug);
  });
});
