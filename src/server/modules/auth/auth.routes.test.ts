import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users';
import { createTestContext, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const newAccount = (n: string) => ({
  fullName: 'Jordan Rivera',
  email: `${n}@example.com`,
  username: n,
  password: 'long-enough-pw',
  timeZone: 'America/Chicago',
});

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and answers the session user without the password', async () => {
    const agent = ctx.agent();
    const res = await agent.post('/api/auth/register', newAccount('jordan'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'jordan',
      email: 'jordan@example.com',
      fullName: 'Jordan Rivera',
      timeZone: 'America/Chicago',
      emailConfirmed: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === 'firemark_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect((await agent.get('/api/auth/me')).json().username).toBe('jordan');
  });

  it("answers SPEC's messages for each invalid field", async () => {
    const res = await ctx.agent().post('/api/auth/register', { fullName: 'J', email: 'not-an-email', username: 'jo', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      fullName: ['Full name must be at least 2 characters'],
      email: ['Invalid email address'],
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it('refuses a username already in use, whatever its case, but never says an e-mail address is', async () => {
    await ctx.agent().post('/api/auth/register', newAccount('casey'));
    const sameName = await ctx.agent().post('/api/auth/register', { ...newAccount('CASEY'), email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().fieldErrors).toEqual({ username: ['Username is already taken'] });
    // Confirmed or not, the address is accepted: its owner is told by mail (email-confirmation.test.ts).
    await createUser(ctx.runtime.db, { email: 'confirmed.casey@example.com' });
    for (const email of ['Casey@Example.com', 'CONFIRMED.casey@example.com']) {
      const sameEmail = await ctx.agent().post('/api/auth/register', { ...newAccount(`casey_${email.length}`), email });
      expect(sameEmail.statusCode).toBe(201);
      expect(sameEmail.json()).toMatchObject({ email, emailConfirmed: false });
    }
  });

  it('stores a time zone under its canonical name', async () => {
    const res = await ctx.agent().post('/api/auth/register', { ...newAccount('zoned'), timeZone: 'US/Pacific' });
    expect(res.json().timeZone).toBe('America/Los_Angeles');
  });

  it('stores a renamed zone by its current name, and takes the current name too', async () => {
    const old = await ctx.agent().post('/api/auth/register', { ...newAccount('calcutta'), timeZone: 'Asia/Calcutta' });
    expect(old.json().timeZone).toBe('Asia/Kolkata');
    const current = await ctx.agent().post('/api/auth/register', { ...newAccount('kyiv'), timeZone: 'Europe/Kyiv' });
    expect(current.statusCode).toBe(201);
    expect(current.json().timeZone).toBe('Europe/Kyiv');
  });

  it('rejects an unknown time zone', async () => {
    const res = await ctx.agent().post('/api/auth/register', { ...newAccount('tzuser'), timeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.timeZone).toEqual(['Unknown time zone']);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with username or e-mail and issues a new session each time', async () => {
    const { user, password } = await createUser(ctx.runtime.db, { username: 'morgan' });
    const first = ctx.agent();
    expect((await first.post('/api/auth/login', { username: 'morgan', password })).statusCode).toBe(200);
    const second = ctx.agent();
    const res = await second.post('/api/auth/login', { username: user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: 'morgan' });
    expect(first.cookie).not.toBe(second.cookie);
  });

  it('gives the same answer for a wrong password and an unknown username', async () => {
    await createUser(ctx.runtime.db, { username: 'riley' });
    const wrong = await ctx.agent().post('/api/auth/login', { username: 'riley', password: 'nope-nope' });
    const unknown = await ctx.agent().post('/api/auth/login', { username: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('requires both fields', async () => {
    const res = await ctx.agent().post('/api/auth/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('is 401 when signed out', async () => {
    const res = await ctx.agent().get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You are not signed in.', code: 'UNAUTHENTICATED' });
  });

  it('logout revokes the session on the server, not only the cookie', async () => {
    const { agent } = await ctx.signedIn();
    const stolenCookie = agent.cookie!;
    expect((await agent.post('/api/auth/logout')).json()).toEqual({ success: true });
    expect(agent.cookie).toBeUndefined();
    const replay = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: stolenCookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('ignores a forged session cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'firemark_session=forged' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates name, e-mail, username and time zone', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.put('/api/auth/profile', { fullName: 'Sam Ortiz', email: 'sam@example.org', username: 'sam.ortiz', timeZone: 'Asia/Tokyo' });
    expect(res.statusCode).toBe(200);
    // A new address waits for its confirmation (email-confirmation.test.ts).
    expect(res.json()).toMatchObject({ fullName: 'Sam Ortiz', email: 'sam@example.org', username: 'sam.ortiz', timeZone: 'Asia/Tokyo', emailConfirmed: false });
    expect((await agent.get('/api/auth/me')).json().timeZone).toBe('Asia/Tokyo');
    const kiev = await agent.put('/api/auth/profile', { fullName: 'Sam Ortiz', email: 'sam@example.org', username: 'sam.ortiz', timeZone: 'Europe/Kiev' });
    expect(kiev.json().timeZone).toBe('Europe/Kyiv');
  });

  it("answers SPEC's messages and refuses another account's username", async () => {
    const { user: other } = await createUser(ctx.runtime.db);
    const { agent } = await ctx.signedIn();
    const bad = await agent.put('/api/auth/profile', { fullName: 'S', email: 'x', username: 'ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      fullName: ['Full name must be at least 2 characters'],
      email: ['Invalid email address'],
      username: ['Username must be at least 3 characters'],
    });
    const taken = await agent.put('/api/auth/profile', { fullName: 'Sam', email: 'free@example.com', username: other.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ username: ['Username is already taken'] });
  });

  it('is 401 when signed out', async () => {
    expect((await ctx.agent().put('/api/auth/profile', { fullName: 'Sam', email: 'a@b.co', username: 'sam' })).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  it('changes the password, keeps this session and signs out every other one', async () => {
    const { agent, user, password } = await ctx.signedIn();
    const otherDevice = ctx.agent();
    await otherDevice.post('/api/auth/login', { username: user.username, password });
    const res = await agent.put('/api/auth/password', { currentPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(401);
    expect((await ctx.agent().post('/api/auth/login', { username: user.username, password })).statusCode).toBe(401);
    expect((await ctx.agent().post('/api/auth/login', { username: user.username, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a field message', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.put('/api/auth/password', { currentPassword: 'wrong-one', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ currentPassword: ['Current password is incorrect'] });
  });

  it("answers SPEC's messages", async () => {
    const { agent } = await ctx.signedIn();
    const empty = await agent.put('/api/auth/password', { currentPassword: '', newPassword: 'short', confirmPassword: '' });
    expect(empty.json().fieldErrors).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['Password must be at least 8 characters'],
      confirmPassword: ['Confirm password is required'],
    });
    const mismatch = await agent.put('/api/auth/password', { currentPassword: 'x', newPassword: 'long-enough-1', confirmPassword: 'long-enough-2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('is 401 when signed out', async () => {
    expect((await ctx.agent().put('/api/auth/password', {})).statusCode).toBe(401);
  });
});

describe('notification settings', () => {
  it("start from SPEC's defaults and save all five switches", async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/auth/notification-settings')).json()).toEqual({
      emailInspectionReminders: true,
      emailComplianceAlerts: true,
      emailReportGeneration: true,
      emailNewFeatures: false,
      emailMonthlySummary: false,
    });
    const next = { emailInspectionReminders: false, emailComplianceAlerts: true, emailReportGeneration: false, emailNewFeatures: true, emailMonthlySummary: true };
    expect((await agent.put('/api/auth/notification-settings', next)).json()).toEqual(next);
    expect((await agent.get('/api/auth/notification-settings')).json()).toEqual(next);
  });

  it('rejects values that are not booleans, and signed-out callers', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.put('/api/auth/notification-settings', { emailInspectionReminders: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual([
      'emailInspectionReminders',
      'emailComplianceAlerts',
      'emailReportGeneration',
      'emailNewFeatures',
    ]);
    expect((await ctx.agent().get('/api/auth/notification-settings')).statusCode).toBe(401);
    expect((await ctx.agent().put('/api/auth/notification-settings', {})).statusCode).toBe(401);
  });
});
