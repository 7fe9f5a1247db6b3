import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestContext, type AppInstance, type TestContext } from '../testing/test-app';

let ctx: TestContext;
let second: AppInstance;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '10' });
  second = await ctx.anotherInstance();
});
afterAll(async () => {
  await second.close();
  await ctx.close();
});

const login = (agent: ReturnType<TestContext['agent']>, username: string) => agent.post('/api/auth/login', { username, password: 'guess-guess' });

describe('rate limits with several app instances', () => {
  it('counts login attempts in the shared database, so two instances do not double the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login((i % 2 === 0 ? ctx : second).agent(), 'shared-target')).statusCode);
    expect(codes).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);

    const refused = await login(second.agent(), 'shared-target');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please try again in ${refused.headers['retry-after']} seconds.`,
    });
  });

  it('keys any name a client sends, however long or odd, without failing', async () => {
    for (const username of ['x'.repeat(5000), 'nul\u0000name', 'ünïcödé']) {
      expect((await login(ctx.agent(), username)).statusCode).toBeLessThan(500);
    }
  });
});

describe('when the database cannot be reached', () => {
  it('fails a limited request as a server error, never a 429, and limits again once it is back', async () => {
    const { adminUrl } = inject('testDb');
    const database = new URL(ctx.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const setConnections = async (allowed: boolean) => {
      await admin.query(`alter database ${database} with allow_connections ${allowed}`);
      if (!allowed) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    };
    try {
      expect((await login(ctx.agent(), 'outage-target')).statusCode).toBe(401);
      await setConnections(false);
      for (let i = 0; i < 12; i++) {
        const res = await login(ctx.agent(), 'outage-target');
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(res.json().code).not.toBe('RATE_LIMITED');
      }
      await setConnections(true);
      // Attempts during the outage were not counted: nine more are allowed, then the limit holds.
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await login(ctx.agent(), 'outage-target')).statusCode);
      expect(codes).toEqual([...Array(9).fill(401), 429]);
    } finally {
      await setConnections(true);
      await admin.end();
    }
  });
});
