import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyValues } from '../../../db/seed/properties';
import { createStripeTestContext, type StripeTestContext } from '../../../testing/stripe-context';
import type { TestContext } from '../../../testing/test-app';

let ctx: StripeTestContext;
beforeAll(async () => {
  ctx = await createStripeTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Agent = Awaited<ReturnType<TestContext['signedIn']>>['agent'];
const plan = async (agent: Agent) => (await agent.get('/api/subscription/status')).json();
const stored = async (userId: number) =>
  (await ctx.runtime.pool.query(`select id, status, cancel_at_period_end from billing_subscriptions where organization_id = $1 and provider = 'stripe'`, [userId])).rows;

/** Creates the subscription and pays it at the fake Stripe, keeping the events undelivered. */
async function paidAtStripe(agent: Agent, card = '4242 4242 4242 4242') {
  const { clientSecret } = (await agent.post('/api/create-subscription', {})).json();
  ctx.stripe.confirmPayment(clientSecret, card);
  return ctx.stripe.takeEvents();
}

/** The Stripe client as an operator's Dashboard would act, outside Firemark. */
const dashboard = () => new Stripe(ctx.stripe.env.STRIPE_SECRET_KEY!, { host: '127.0.0.1', port: new URL(ctx.stripe.url).port, protocol: 'http' });

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature, a stale one and a missing one with 400, changing nothing', async () => {
    const { agent, user } = await ctx.signedIn();
    const events = await paidAtStripe(agent);
    const updated = events.find((e) => e.type === 'customer.subscription.updated')!;

    const forged = await ctx.deliver(updated, { secret: 'whsec_someoneelse' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The webhook signature is not valid or too old.' });
    // Stripe's default tolerance is 300 seconds.
    const stale = await ctx.deliver(updated, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors['stripe-signature'][0]).toMatch(/tolerance/);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(updated) });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing is refused too.
    const payload = JSON.stringify(updated);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': ctx.stripe.sign(payload) },
      payload: payload.replace('"active"', '"trialing"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'incomplete' })]);

    // A fresh, correct signature on the same event is accepted.
    expect((await ctx.deliver(updated)).statusCode).toBe(200);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('is the only route that takes a post without the app\'s Origin', async () => {
    const { agent } = await ctx.signedIn();
    const withoutOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      headers: { 'content-type': 'application/json', cookie: agent.cookie! },
      payload: '{}',
    });
    expect(withoutOrigin.statusCode).toBe(403);
  });

  it('applies a repeated event once', async () => {
    const { agent, user } = await ctx.signedIn();
    const events = await paidAtStripe(agent);
    for (const event of [...events, ...events]) expect((await ctx.deliver(event)).statusCode).toBe(200);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
    const recorded = await ctx.runtime.pool.query(`select count(*)::int as n from stripe_events where id = any($1)`, [events.map((e) => e.id)]);
    expect(recorded.rows[0].n).toBe(events.length);
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'active' })]);
  });

  it('converges when updated arrives before created, whatever the order', async () => {
    const { agent, user } = await ctx.signedIn();
    const events = await paidAtStripe(agent);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']);
    for (const event of [...events].reverse()) expect((await ctx.deliver(event)).statusCode).toBe(200);
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await plan(agent)).toMatchObject({ plan: 'pro', trialAvailable: false });
  });

  it('keeps a deleted subscription deleted when an older update arrives after it', async () => {
    const { agent, user } = await ctx.signedIn();
    const paid = await paidAtStripe(agent);
    const [{ id }] = await stored(user.id);
    await dashboard().subscriptions.cancel(id);
    const [deleted] = ctx.stripe.takeEvents();
    expect(deleted!.type).toBe('customer.subscription.deleted');
    expect((await ctx.deliver(deleted!)).statusCode).toBe(200);
    for (const event of paid) await ctx.deliver(event);
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'canceled' })]);
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
  });

  it('deleted at Stripe ends Pro and keeps every property', async () => {
    const { agent, user } = await ctx.signedIn();
    for (const event of await paidAtStripe(agent)) await ctx.deliver(event);
    for (const name of ['One', 'Two', 'Three']) expect((await agent.post('/api/properties', propertyValues({ name }))).statusCode).toBe(201);
    const [sub] = await stored(user.id);
    await dashboard().subscriptions.cancel(sub.id);
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'free', hasActiveSubscription: false, propertyCount: 3, canCreateProperty: false });
    expect((await agent.get('/api/properties')).json()).toHaveLength(3);
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({ status: 'canceled' });
  });

  it('applies the same event delivered twice at once only once', async () => {
    const { agent, user } = await ctx.signedIn();
    const events = await paidAtStripe(agent);
    const answers = await Promise.all(events.flatMap((event) => [ctx.deliver(event), ctx.deliver(event)]));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(events.length * 2).fill(200));
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('mails a failed renewal once, with a link to Billing, even when Stripe sends it twice at once', async () => {
    const { agent, user } = await ctx.signedIn({ fullName: 'Morgan Diaz' });
    for (const event of await paidAtStripe(agent)) await ctx.deliver(event);
    // The card on file starts refusing charges.
    const { clientSecret } = (await agent.post('/api/stripe/create-setup-intent', {})).json();
    const saved = ctx.stripe.confirmSetup(clientSecret, '4000 0000 0000 0341');
    if (saved.status !== 'succeeded') throw new Error('not saved');
    await agent.post('/api/stripe/set-default-payment-method', { paymentMethodId: saved.intent.payment_method });
    await ctx.deliverAll();

    const [sub] = await stored(user.id);
    const atStripe = ctx.stripe.subscriptions.get(sub.id)!;
    ctx.stripe.advanceTo(new Date((atStripe.items.data[0].current_period_end + 60) * 1000), sub.id);
    const events = ctx.stripe.takeEvents();
    const failed = events.find((e) => e.type === 'invoice.payment_failed')!;
    expect(failed).toBeDefined();
    const answers = await Promise.all([ctx.deliver(failed), ctx.deliver(failed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const event of events) await ctx.deliver(event);

    const mails = await ctx.runtime.pool.query(`select to_address, subject, text_body from email_outbox where kind = 'payment_failed' and user_id = $1`, [user.id]);
    expect(mails.rows).toEqual([
      {
        to_address: user.email,
        subject: 'Your Firemark Pro payment did not go through',
        text_body: expect.stringContaining(`Update your payment method: ${ctx.config.appUrl}/billing`),
      },
    ]);
    expect(mails.rows[0].text_body).toContain('Hello Morgan Diaz,');
    expect(mails.rows[0].text_body).toContain('We could not charge your card 29.00 USD for Firemark Pro.');
    // Stripe retries for a while: the account keeps Pro meanwhile.
    expect(await stored(user.id)).toEqual([expect.objectContaining({ status: 'past_due' })]);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it("answers 200 to events about customers that are not Firemark's, and ignores them", async () => {
    const foreign = await dashboard().customers.create({ email: 'someone@elsewhere.example' });
    const sub = await dashboard().subscriptions.create({ customer: foreign.id, items: [{ price: ctx.stripe.env.STRIPE_PRICE_ID! }] });
    const events = ctx.stripe.takeEvents();
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect((await ctx.deliver(event)).statusCode).toBe(200);
    const rows = await ctx.runtime.pool.query(`select 1 from billing_subscriptions where id = $1`, [sub.id]);
    expect(rows.rowCount).toBe(0);
  });
});
