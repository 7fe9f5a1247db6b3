import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './fake-stripe/fake-stripe';
import { createTestContext, type TestContext } from './test-app';

export interface StripeTestContext extends TestContext {
  stripe: FakeStripe;
  /** Posts one event to the webhook as Stripe does: signed, raw JSON, no Origin. */
  deliver(event: Stripe.Event, options?: { timestamp?: number; secret?: string }): Promise<LightMyRequestResponse>;
  /** Delivers every event the fake has produced since the last call, in order; all must be accepted. */
  deliverAll(): Promise<Stripe.Event[]>;
  close(): Promise<void>;
}

/** A Firemark that bills through Stripe, whose Stripe is the fake on loopback. */
export async function createStripeTestContext(env: Record<string, string> = {}): Promise<StripeTestContext> {
  const stripe = await startFakeStripe();
  const ctx = await createTestContext({ ...stripe.env, ...env });
  const deliver: StripeTestContext['deliver'] = (event, options) => {
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripe.sign(payload, options), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      payload,
    });
  };
  return {
    ...ctx,
    stripe,
    deliver,
    async deliverAll() {
      const events = stripe.takeEvents();
      for (const event of events) {
        const answer = await deliver(event);
        if (answer.statusCode !== 200) throw new Error(`Webhook ${event.type} refused: ${answer.statusCode} ${answer.body}`);
      }
      return events;
    },
    async close() {
      await ctx.close();
      await stripe.close();
    },
  };
}
