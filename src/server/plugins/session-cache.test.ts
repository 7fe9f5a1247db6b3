import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Agent, type AppInstance, type TestContext } from '../testing/test-app';

let ctx: TestContext;
let other: AppInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.anotherInstance();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** The same browser session, sent to the second instance. */
function onOther(agent: Agent): Agent {
  const there = other.agent();
  there.cookie = agent.cookie;
  return there;
}

const me = async (agent: Agent) => (await agent.get('/api/auth/me')).statusCode;

// Both instances have answered with the session first, so each remembers it.
describe('a session remembered by two instances on one database', () => {
  it('is refused by the other instance on the next request after logout on one', async () => {
    const { agent } = await ctx.signedIn();
    const there = onOther(agent);
    expect(await me(agent)).toBe(200);
    expect(await me(there)).toBe(200);

    expect((await there.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await me(agent)).toBe(401);
    expect(await onOther(agent).get('/api/auth/me').then((r) => r.statusCode)).toBe(401);
  });

  it('after logout on the first instance, the second refuses it too', async () => {
    const { agent } = await ctx.signedIn();
    const stale = agent.cookie;
    const there = onOther(agent);
    expect(await me(agent)).toBe(200);
    expect(await me(there)).toBe(200);

    await agent.post('/api/auth/logout');
    expect(await me(there)).toBe(401);
    // The old cookie, replayed on the instance that logged out, is refused as well.
    const replay = ctx.agent();
    replay.cookie = stale;
    expect(await me(replay)).toBe(401);
  });

  it('a password change signs out the other sessions on both instances and keeps the one that changed it', async () => {
    const { agent, user, password } = await ctx.signedIn();
    const laptop = ctx.agent();
    expect((await laptop.post('/api/auth/login', { username: user.username, password })).statusCode).toBe(200);
    const laptopThere = onOther(laptop);
    const phoneThere = onOther(agent);
    for (const a of [agent, laptop, laptopThere, phoneThere]) expect(await me(a)).toBe(200);

    const changed = await agent.put('/api/auth/password', { currentPassword: password, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' });
    expect(changed.statusCode).toBe(200);
    expect(await me(laptop)).toBe(401);
    expect(await me(laptopThere)).toBe(401);
    expect(await me(agent)).toBe(200);
    expect(await me(phoneThere)).toBe(200);
  });

  it('a profile change made on one instance shows on the other at once', async () => {
    const { agent, user } = await ctx.signedIn();
    const there = onOther(agent);
    expect((await there.get('/api/auth/me')).json().fullName).toBe(user.fullName);
    const saved = await agent.put('/api/auth/profile', { fullName: 'Renamed Person', email: user.email, username: user.username });
    expect(saved.statusCode).toBe(200);
    expect((await there.get('/api/auth/me')).json().fullName).toBe('Renamed Person');
  });
});
