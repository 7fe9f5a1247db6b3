import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { sendPasswordReset } from './password-reset.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://firemark.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

const deps = () => ({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
const withToken = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function makeToken(agent: Agent, name: string) {
  const res = await agent.post('/api/tokens', { name, access: 'read' });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; token: string; prefix: string };
}

async function noticeTo(userId: number): Promise<string | undefined> {
  const { rows } = await ctx.runtime.pool.query("select text_body from email_outbox where user_id = $1 and kind = 'password_changed' order by id desc limit 1", [userId]);
  return rows[0]?.text_body;
}

describe('changing the password in Settings', () => {
  it('revokes every API token by default and the notice names them', async () => {
    const s = await ctx.signedIn();
    const sync = await makeToken(s.agent, 'Spreadsheet sync');
    const zapier = await makeToken(s.agent, 'Zapier');
    expect((await withToken(sync.token, '/api/properties')).statusCode).toBe(200);

    const res = await s.agent.put('/api/auth/password', { currentPassword: s.password, newPassword: 'a-brand-new-pass', confirmPassword: 'a-brand-new-pass' });
    expect(res.statusCode, res.body).toBe(200);

    expect((await withToken(sync.token, '/api/properties')).statusCode).toBe(401);
    expect((await withToken(zapier.token, '/api/properties')).statusCode).toBe(401);
    expect((await s.agent.get('/api/tokens')).json()).toEqual([]);
    const notice = await noticeTo(s.user.id);
    expect(notice).toContain('password of your Firemark account was just changed');
    expect(notice).toContain(`Spreadsheet sync (${sync.prefix}…)`);
    expect(notice).toContain(`Zapier (${zapier.prefix}…)`);
    // This browser stays signed in.
    expect((await s.agent.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('keeps the tokens when asked to (revokeApiTokens: false), and still sends the notice', async () => {
    const s = await ctx.signedIn();
    const kept = await makeToken(s.agent, 'Kept');
    const res = await s.agent.put('/api/auth/password', {
      currentPassword: s.password,
      newPassword: 'a-brand-new-pass',
      confirmPassword: 'a-brand-new-pass',
      revokeApiTokens: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await withToken(kept.token, '/api/properties')).statusCode).toBe(200);
    const notice = await noticeTo(s.user.id);
    expect(notice).toContain('was just changed');
    expect(notice).not.toContain('Kept (');
  });

  it('refuses a revokeApiTokens that is not a boolean', async () => {
    const s = await ctx.signedIn();
    const res = await s.agent.put('/api/auth/password', { currentPassword: s.password, newPassword: 'a-brand-new-pass', confirmPassword: 'a-brand-new-pass', revokeApiTokens: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ revokeApiTokens: ['Must be true or false'] });
  });
});

describe('resetting the password by link', () => {
  it('revokes every API token and names them in the notice', async () => {
    const { user, password } = await createUser(ctx.runtime.db, { email: 'reset.tokens@example.com' });
    const agent = ctx.agent();
    await agent.post('/api/auth/login', { username: user.username, password });
    const token = await makeToken(agent, 'Nightly export');
    expect((await withToken(token.token, '/api/properties')).statusCode).toBe(200);

    await sendPasswordReset(deps(), 'reset.tokens@example.com');
    const { rows } = await ctx.runtime.pool.query("select text_body from email_outbox where user_id = $1 and kind = 'password_reset'", [user.id]);
    const resetToken = /reset-password\?token=([\w-]+)/.exec(rows[0].text_body)![1]!;
    expect((await ctx.agent().post('/api/auth/reset-password', { token: resetToken, newPassword: 'a-brand-new-pass' })).statusCode).toBe(200);

    expect((await withToken(token.token, '/api/properties')).statusCode).toBe(401);
    const notice = await noticeTo(user.id);
    expect(notice).toContain('was just reset');
    expect(notice).toContain(`Nightly export (${token.prefix}…)`);
    const status = await ctx.runtime.pool.query("select status from email_outbox where user_id = $1 and kind = 'password_changed'", [user.id]);
    expect(status.rows).toEqual([{ status: 'pending' }]);
  });
});
