import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A request as an integration sends it: the token only, no cookie, no Origin. */
const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function accountWithToken(access: 'read' | 'write' = 'write') {
  const session = await ctx.signedIn();
  const created = await session.agent.post('/api/tokens', { name: 'Spreadsheet sync', access });
  expect(created.statusCode).toBe(201);
  return { ...session, created: created.json() as { id: number; token: string; prefix: string; access: string } };
}

describe('personal API tokens', () => {
  it("are shown once, stored hashed, and read their own account's properties but never another's", async () => {
    const s = await accountWithToken();
    expect(s.created.token).toMatch(/^fm_[A-Za-z0-9_-]{43}$/);
    expect(s.created.token.startsWith(s.created.prefix)).toBe(true);
    const stored = await ctx.runtime.pool.query('select token_hash from api_tokens where id = $1', [s.created.id]);
    expect(stored.rows[0].token_hash).not.toContain(s.created.token);
    const listed = (await s.agent.get('/api/tokens')).json();
    expect(listed).toMatchObject([{ id: s.created.id, name: 'Spreadsheet sync', access: 'write', lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(s.created.token);

    const mine = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const other = await ctx.signedIn();
    const theirs = await createProperty(ctx.runtime.db, other.user.id, { name: 'Not Yours' });

    const list = await withToken(s.created.token, 'GET', '/api/properties');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Harbor View']);
    expect((await withToken(s.created.token, 'GET', `/api/properties/${mine.id}`)).statusCode).toBe(200);
    expect((await withToken(s.created.token, 'GET', `/api/properties/${theirs.id}`)).statusCode).toBe(404);

    // The list shows when it was last used.
    expect((await s.agent.get('/api/tokens')).json()[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('writes with a read-and-write token and no Origin header; a read-only token gets 403 on every write', async () => {
    const writer = await accountWithToken('write');
    const created = await withToken(writer.created.token, 'POST', '/api/properties', { name: 'Mill Lane', addressLine1: '1 Mill Lane', city: 'Austin', state: 'TX', zip: '78701', managerEmail: 'manager@example.com' });
    expect(created.statusCode, created.body).toBe(201);

    const reader = await accountWithToken('read');
    const property = await createProperty(ctx.runtime.db, reader.user.id, { name: 'Harbor View' });
    expect((await withToken(reader.created.token, 'GET', `/api/properties/${property.id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/properties'],
      ['PUT', `/api/properties/${property.id}`],
      ['DELETE', `/api/properties/${property.id}`],
    ] as const) {
      const refused = await withToken(reader.created.token, method, url, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This API token is read-only. Create a Read and write token in Settings to make changes.');
    }
    expect((await reader.agent.get(`/api/properties/${property.id}`)).json().name).toBe('Harbor View');
  });

  it('is refused with 401 once revoked, and only its owner can revoke it', async () => {
    const s = await accountWithToken();
    const other = await ctx.signedIn();
    expect((await other.agent.delete(`/api/tokens/${s.created.id}`)).statusCode).toBe(404);
    expect((await withToken(s.created.token, 'GET', '/api/properties')).statusCode).toBe(200);

    expect((await s.agent.delete(`/api/tokens/${s.created.id}`)).statusCode).toBe(200);
    const refused = await withToken(s.created.token, 'GET', '/api/properties');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^This API token is not valid/);
    expect((await s.agent.get('/api/tokens')).json()).toEqual([]);
    expect((await withToken('fm_not-a-token', 'GET', '/api/properties')).statusCode).toBe(401);
  });

  it('never reaches the account, its password, tokens, billing or support', async () => {
    const s = await accountWithToken();
    for (const [method, url, body] of [
      ['GET', '/api/auth/me', undefined],
      ['PUT', '/api/auth/password', { currentPassword: s.password, newPassword: 'another-long-password-1', confirmPassword: 'another-long-password-1' }],
      ['PUT', '/api/auth/profile', { fullName: 'Taken Over' }],
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'More', access: 'write' }],
      ['DELETE', `/api/tokens/${s.created.id}`, undefined],
      ['GET', '/api/billing/config', undefined],
      ['GET', '/api/stripe/subscription-details', undefined],
      ['POST', '/api/create-subscription', {}],
      ['POST', '/api/subscription/trial', {}],
      ['POST', '/api/support/submit', { subject: 'Help', message: 'Please help me with this.' }],
    ] as const) {
      const refused = await withToken(s.created.token, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toMatch(/^API tokens cannot be used for the account/);
    }
    // The password still signs in: nothing was changed.
    expect((await ctx.agent().post('/api/auth/login', { username: s.user.username, password: s.password })).statusCode).toBe(200);
  });

  it('ignores the session cookie when a token is sent, so a bad token is never rescued by it', async () => {
    const s = await accountWithToken();
    const response = await s.agent.request({ method: 'GET', url: '/api/properties', headers: { authorization: 'Bearer fm_wrong' } });
    expect(response.statusCode).toBe(401);
    // And a cookie alone, without the Origin rule's header, is still refused for a write.
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/properties', headers: { cookie: s.agent.cookie! }, payload: { name: 'Forged' } });
    expect(forged.statusCode).toBe(403);
  });

  it('says how much of its rate is left, and asks to wait past 120 requests a minute', async () => {
    const s = await accountWithToken('read');
    const first = await withToken(s.created.token, 'GET', '/api/dashboard/stats');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('120');
    expect(first.headers['ratelimit-remaining']).toBe('119');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    let last = first;
    for (let i = 0; i < 120; i++) last = await withToken(s.created.token, 'GET', '/api/dashboard/stats');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toEqual(expect.any(String));
    expect(last.json().message).toMatch(/^This API token made more than 120 requests in a minute/);
    // Another account's token has its own count.
    const other = await accountWithToken('read');
    expect((await withToken(other.created.token, 'GET', '/api/dashboard/stats')).statusCode).toBe(200);
  });

  it('are named, limited to 20 live ones, and refused with field messages when the input is wrong', async () => {
    const s = await ctx.signedIn();
    const bad = await s.agent.post('/api/tokens', { name: ' ', access: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ name: ['Name the token, e.g. "Spreadsheet sync"'], access: ['Choose Read only or Read and write'] });
    const made = await Promise.all(Array.from({ length: 22 }, (_, i) => s.agent.post('/api/tokens', { name: `Token ${i}`, access: 'read' })));
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const over = made.find((r) => r.statusCode === 409)!;
    expect(over.json().message).toBe('An account can have at most 20 API tokens. Revoke one you no longer use to create another.');
    expect((await ctx.agent().get('/api/tokens')).statusCode).toBe(401);
  });
});
