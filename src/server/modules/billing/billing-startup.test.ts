import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe/fake-stripe';
import { createTestContext } from '../../testing/test-app';

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});

const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

describe('starting with Stripe', () => {
  it('calls Stripe for nothing at start, and says "Test mode" with test keys', async () => {
    const ctx = await createTestContext(stripe.env);
    try {
      expect((await ctx.agent().get('/readyz')).statusCode).toBe(200);
      const { agent } = await ctx.signedIn();
      expect((await agent.get('/api/billing/config')).json()).toMatchObject({ provider: 'stripe', testMode: true });
      expect((await agent.get('/api/subscription/status')).json()).toMatchObject({ plan: 'free' });
      expect(stripe.requests).toEqual([]);
      // Stripe.js and its frames are allowed, and nothing else from elsewhere.
      const policy = csp((await ctx.agent().get('/healthz')).headers);
      expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
      expect(policy).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
      expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    } finally {
      await ctx.close();
    }
  });

  it('starts while Stripe cannot be reached; only billing calls fail, with 503', async () => {
    const ctx = await createTestContext({ ...stripe.env, STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const { agent } = await ctx.signedIn();
      expect((await agent.get('/api/subscription/status')).statusCode).toBe(200);
      expect((await agent.get('/api/properties')).statusCode).toBe(200);
      const create = await agent.post('/api/create-subscription', {});
      expect(create.statusCode).toBe(503);
      expect(create.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await ctx.close();
    }
  });

  it('with live keys shows no "Test mode"', async () => {
    const ctx = await createTestContext({ ...stripe.env, STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' });
    try {
      expect((await ctx.agent().get('/api/billing/config')).json()).toEqual({ provider: 'stripe', testMode: false, publishableKey: 'pk_live_51Abc' });
    } finally {
      await ctx.close();
    }
  });
});

describe('starting in test mode', () => {
  it('has no webhook route and no Stripe hosts in its CSP', async () => {
    const ctx = await createTestContext();
    try {
      expect((await ctx.agent().get('/api/billing/config')).json()).toEqual({ provider: 'test', testMode: true, publishableKey: null });
      const policy = csp((await ctx.agent().get('/healthz')).headers);
      expect(policy).not.toContain('stripe.com');
      expect(policy).not.toContain('frame-src');
      const webhook = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
      expect(webhook.statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
