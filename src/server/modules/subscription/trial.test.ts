import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { propertyValues } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from './subscription.service';
import { setNow } from '../../testing/clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/subscription/trial', () => {
  it('gives a free account Pro for 30 days, once; afterwards it is Free again and keeps its data', async () => {
    setNow('2026-03-01T12:00:00Z');
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ plan: 'free', trialAvailable: true, onTrial: false });

    const started = await agent.post('/api/subscription/trial', {});
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      hasActiveSubscription: true,
      plan: 'pro',
      propertyLimit: -1,
      inspectionLimit: -1,
      onTrial: true,
      trialAvailable: false,
      proUntil: '2026-03-31T12:00:00.000Z',
    });

    // Pro limits apply: more than one property.
    for (const name of ['One', 'Two', 'Three']) {
      expect((await agent.post('/api/properties', propertyValues({ name }))).statusCode).toBe(201);
    }
    const again = await agent.post('/api/subscription/trial', {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Your account already has Firemark Pro.' });

    // The last moment of the trial is still Pro; the next one is Free.
    vi.setSystemTime(new Date('2026-03-31T11:59:59Z'));
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ plan: 'pro', onTrial: true });
    vi.setSystemTime(new Date('2026-03-31T12:00:01Z'));
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({
      hasActiveSubscription: false,
      plan: 'free',
      propertyCount: 3,
      canCreateProperty: false,
      onTrial: false,
      trialAvailable: false,
      proUntil: null,
    });
    expect((await agent.get('/api/properties')).json()).toHaveLength(3);
    const add = await agent.post('/api/properties', propertyValues({ name: 'Four' }));
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe('PLAN_LIMIT_REACHED');

    const used = await agent.post('/api/subscription/trial', {});
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Your free trial has already been used.');
  });

  it('starts one trial when asked many times at once', async () => {
    const { agent } = await ctx.signedIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => agent.post('/api/subscription/trial', {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
  });

  it('is not offered to an account that already has Pro', async () => {
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ plan: 'pro', onTrial: false, trialAvailable: false, proUntil: null });
    expect((await agent.post('/api/subscription/trial', {})).statusCode).toBe(409);
  });

  it('needs a signed-in account and an empty JSON object', async () => {
    expect((await ctx.agent().post('/api/subscription/trial', {})).statusCode).toBe(401);
    const { agent } = await ctx.signedIn();
    const bad = await agent.post('/api/subscription/trial', ['not', 'an', 'object']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('signing up through a trial call to action (issue 30, item 10)', () => {
  const account = (username: string) => ({ fullName: 'Trial Person', email: `${username}@example.com`, username, password: 'long-enough-pw' });

  it('starts the 30-day trial with the account, so it can add a second property at once', async () => {
    setNow('2026-05-10T09:00:00Z');
    const agent = ctx.agent();
    expect((await agent.post('/api/auth/register', { ...account('trial_cta'), startTrial: true })).statusCode).toBe(201);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({
      plan: 'pro',
      onTrial: true,
      trialAvailable: false,
      proUntil: '2026-06-09T09:00:00.000Z',
    });
    for (const name of ['One', 'Two']) {
      expect((await agent.post('/api/properties', propertyValues({ name }))).statusCode).toBe(201);
    }
    // The one trial is used: Billing does not offer it again.
    expect((await agent.post('/api/subscription/trial', {})).statusCode).toBe(409);
  });

  it('leaves other sign-ups on Free, with the trial still on offer', async () => {
    const agent = ctx.agent();
    expect((await agent.post('/api/auth/register', account('plain_signup'))).statusCode).toBe(201);
    expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ plan: 'free', onTrial: false, trialAvailable: true });
  });

  it('refuses a startTrial that is not true or false', async () => {
    const res = await ctx.agent().post('/api/auth/register', { ...account('odd_trial'), startTrial: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.startTrial).toEqual(['Must be true or false']);
  });
});
