import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '5', ALLOWED_ORIGINS: 'http://localhost:5173' });
});
afterAll(async () => {
  await ctx.close();
});

describe('security baseline', () => {
  it('sends the security headers on every answer', async () => {
    const res = await ctx.agent().get('/api/auth/me');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // APP_URL is http here
  });

  it('refuses a state-changing request from another origin or without one', async () => {
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { username: 'a', password: 'b' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(none.statusCode).toBe(403);
  });

  it('refuses an origin that only matches the Host header the client sent', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This request did not come from the Firemark app and was refused.');
  });

  it('accepts APP_URL and the origins listed in ALLOWED_ORIGINS', async () => {
    for (const origin of [ctx.config.appOrigin, 'http://localhost:5173']) {
      const res = await ctx.agent().request({ method: 'POST', url: '/api/auth/logout', headers: { origin }, payload: {} });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a forged request whose path is percent-encoded', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a form-encoded body (what a cross-site form can send)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ctx.config.appOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, never a 500', async () => {
    const bad = await ctx.agent().request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    const huge = await ctx.agent().post('/api/auth/register', { fullName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request is too large.');
    const array = await ctx.agent().post('/api/auth/login', [1, 2]);
    expect(array.statusCode).toBe(400);
  });

  it('rate-limits login attempts with 429 and Retry-After', async () => {
    const attempt = () => ctx.agent().post('/api/auth/login', { username: 'target', password: 'guess-guess' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The name counts as the server reads it: spaces and case do not make a new one.
    for (const variant of [' target', 'TARGET\t', 'Target ']) {
      expect((await ctx.agent().post('/api/auth/login', { username: variant, password: 'guess-guess' })).statusCode).toBe(429);
    }
    // Another account from the same client is not locked out by it.
    expect((await ctx.agent().post('/api/auth/login', { username: 'someone-else', password: 'guess-guess' })).statusCode).toBe(401);
  });

  it('caps sign-in attempts per client across many names', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await ctx.agent().post('/api/auth/login', { username: `spray${i}`, password: 'guess-guess' })).statusCode);
    // AUTH_RATE_LIMIT is 5 here: the ceiling is five times it. Earlier tests used some of it.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.indexOf(429)).toBeLessThanOrEqual(25);
  });

  it('rate-limits forgot-password and register per client', async () => {
    for (let i = 0; i < 5; i++) await ctx.agent().post('/api/auth/forgot-password', { email: `x${i}@example.com` });
    expect((await ctx.agent().post('/api/auth/forgot-password', { email: 'y@example.com' })).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) await ctx.agent().post('/api/auth/register', {});
    expect((await ctx.agent().post('/api/auth/register', {})).statusCode).toBe(429);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await ctx.agent().get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('reports liveness and readiness', async () => {
    expect((await ctx.agent().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.agent().get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('on https', () => {
  it('marks the session cookie Secure and sends HSTS', async () => {
    const secure = await createTestContext({ APP_URL: 'https://firemark.example.com' });
    try {
      const { agent, user, password } = await secure.signedIn();
      const res = await agent.post('/api/auth/login', { username: user.username, password });
      expect(res.cookies.find((c) => c.name === 'firemark_session')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
