import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { propertyValues } from '../../../db/seed/properties';
import { createStripeTestContext, type StripeTestContext } from '../../../testing/stripe-context';
import type { TestContext } from '../../../testing/test-app';
import { setNow } from '../../../testing/clock';

let ctx: StripeTestContext;
beforeAll(async () => {
  ctx = await createStripeTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
  ctx.stripe.setState('up');
});

type Agent = Awaited<ReturnType<TestContext['signedIn']>>['agent'];
const plan = async (agent: Agent) => (await agent.get('/api/subscription/status')).json();
const details = async (agent: Agent) => (await agent.get('/api/stripe/subscription-details')).json();
const epochOf = (iso: string) => Date.parse(iso) / 1000;
const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

/** What the Billing page does, then what Stripe.js and Stripe's webhooks do. */
async function subscribe(agent: Agent, card = '4242 4242 4242 4242') {
  const created = await agent.post('/api/create-subscription', {});
  expect(created.statusCode).toBe(200);
  const result = ctx.stripe.confirmPayment(created.json().clientSecret, card);
  await ctx.deliverAll();
  return { created: created.json(), result };
}
/** The account's latest subscription at the fake Stripe. */
const subscriptionAtStripe = (userId: number) =>
  [...ctx.stripe.subscriptions.values()].filter((s) => s.metadata.firemark_user_id === String(userId)).at(-1)!;
/** Time passes at Stripe for this account's subscription alone. */
const advance = (userId: number, at: string) => ctx.stripe.advanceTo(new Date(at), subscriptionAtStripe(userId).id);

async function signInAgain(agent: Agent, username: string, password: string) {
  expect((await agent.post('/api/auth/login', { username, password })).statusCode).toBe(200);
}

describe('subscribing through Stripe', () => {
  it('creates one customer and a subscription awaiting its first payment; the webhook makes the account Pro', async () => {
    const { agent, user } = await ctx.signedIn({ fullName: 'Jordan Lee' });
    expect((await agent.get('/api/billing/config')).json()).toEqual({ provider: 'stripe', testMode: true, publishableKey: 'pk_test_51FiremarkFakeStripeKey' });
    const before = ctx.stripe.requests.length;

    const first = (await agent.post('/api/create-subscription', {})).json();
    expect(first).toMatchObject({ intent: 'payment', clientSecret: expect.stringMatching(/^pi_\w+_secret_/), details: { amount: 2900, currency: 'usd' } });
    // Opening the form again serves the same subscription, and the customer is created once.
    expect((await agent.post('/api/create-subscription', {})).json().clientSecret).toBe(first.clientSecret);
    const calls = ctx.stripe.requests.slice(before);
    const creates = calls.filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.path)).toEqual(['/v1/customers', '/v1/subscriptions']);
    for (const r of creates) expect(r.idempotencyKey).toMatch(new RegExp(`^firemark-${user.id}-\\d+-(customer|subscription-1)$`));
    expect(creates[0]!.body).toMatchObject({ email: user.email, name: 'Jordan Lee', metadata: { firemark_user_id: String(user.id) } });
    expect(creates[1]!.body).toMatchObject({
      items: [{ price: 'price_1FiremarkProMonthly' }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
    });
    expect(creates[1]!.body).not.toHaveProperty('trial_end');

    // Until Stripe says the payment went through, nothing changes.
    expect(ctx.stripe.confirmPayment(first.clientSecret, '4242 4242 4242 4242').status).toBe('succeeded');
    expect(await plan(agent)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'pro', hasActiveSubscription: true, proUntil: null, onTrial: false, trialAvailable: false });

    const [sub] = ctx.stripe.subscriptions.values();
    expect((await details(agent)).subscription).toMatchObject({
      id: sub!.id,
      status: 'active',
      current_period_start: sub!.items.data[0].current_period_start,
      current_period_end: sub!.items.data[0].current_period_end,
      cancel_at_period_end: false,
      plan: { name: 'Firemark Pro', amount: 2900, currency: 'usd', interval: 'month' },
    });
    expect((await agent.get('/api/stripe/payment-methods')).json()).toEqual([
      { id: expect.stringMatching(/^pm_/), card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) }, isDefault: true },
    ]);
    const create = await agent.post('/api/create-subscription', {});
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toBe('You already have an active subscription.');
  });

  it('leaves the account Free when the card is declined, with nothing mailed', async () => {
    const { agent } = await ctx.signedIn();
    const { result } = await subscribe(agent, '4000 0000 0000 0002');
    expect(result).toMatchObject({ status: 'failed', error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await plan(agent)).toMatchObject({ plan: 'free', trialAvailable: true });
    expect((await details(agent)).subscription).toBeNull();
    const mails = await ctx.runtime.pool.query(`select 1 from email_outbox where kind = 'payment_failed'`);
    expect(mails.rowCount).toBe(0);
    // Another card on the same form pays the same subscription.
    const again = (await agent.post('/api/create-subscription', {})).json();
    ctx.stripe.confirmPayment(again.clientSecret, '5555 5555 5555 4444');
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('waits for 3-D Secure: Pro only once the person has passed the challenge', async () => {
    const { agent } = await ctx.signedIn();
    const { result } = await subscribe(agent, '4000 0027 6000 3184');
    expect(result).toMatchObject({ status: 'requires_action' });
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
    if (result.status !== 'requires_action') throw new Error('expected a challenge');
    ctx.stripe.authenticate(result.intent.id, true);
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('stays Free when the 3-D Secure challenge fails', async () => {
    const { agent } = await ctx.signedIn();
    const { result } = await subscribe(agent, '4000 0027 6000 3184');
    if (result.status !== 'requires_action') throw new Error('expected a challenge');
    expect(ctx.stripe.authenticate(result.intent.id, false)).toMatchObject({ status: 'failed', error: { code: 'payment_intent_authentication_failure' } });
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
  });
});

describe('cards and invoices from Stripe', () => {
  it('adds a card through a setup intent, makes it the default, and removes the other', async () => {
    const { agent, user } = await ctx.signedIn();
    await subscribe(agent);
    const before = ctx.stripe.requests.length;
    const { clientSecret } = (await agent.post('/api/stripe/create-setup-intent', {})).json();
    expect(clientSecret).toMatch(/^seti_\w+_secret_/);
    const setupCall = ctx.stripe.requests.slice(before).find((r) => r.path === '/v1/setup_intents')!;
    expect(setupCall.idempotencyKey).toMatch(new RegExp(`^firemark-${user.id}-\\d+-setup-`));
    expect(setupCall.body).toMatchObject({ usage: 'off_session', allowed_payment_method_types: ['card'] });

    const saved = ctx.stripe.confirmSetup(clientSecret, '5555 5555 5555 4444');
    if (saved.status !== 'succeeded') throw new Error('the card was not saved');
    // The Payment Element hands back the new card; the page makes it the default.
    expect((await agent.post('/api/stripe/set-default-payment-method', { paymentMethodId: saved.intent.payment_method })).json()).toEqual({ success: true });
    await ctx.deliverAll();
    const methods = (await agent.get('/api/stripe/payment-methods')).json();
    expect(methods.map((m: { card: { last4: string }; isDefault: boolean }) => [m.card.last4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const [sub] = [...ctx.stripe.subscriptions.values()].filter((s) => s.customer === ctx.stripe.customers.get(s.customer)?.id).slice(-1);
    expect(sub!.default_payment_method).toBe(saved.intent.payment_method);

    expect((await agent.delete(`/api/stripe/payment-methods/${methods[1].id}`)).statusCode).toBe(200);
    const last = await agent.delete(`/api/stripe/payment-methods/${methods[0].id}`);
    expect(last.statusCode).toBe(409);
    expect((await agent.get('/api/stripe/payment-methods')).json()).toMatchObject([{ id: methods[0].id, isDefault: true }]);

    // Another account's card is not found, whichever way it is asked for.
    const stranger = await ctx.signedIn();
    await subscribe(stranger.agent);
    expect((await stranger.agent.delete(`/api/stripe/payment-methods/${methods[0].id}`)).statusCode).toBe(404);
    expect((await stranger.agent.post('/api/stripe/set-default-payment-method', { paymentMethodId: methods[0].id })).statusCode).toBe(404);
    expect((await agent.get('/api/stripe/payment-methods')).json()).toHaveLength(1);
  });

  it("lists the account's invoices with Stripe's hosted PDFs, newest first", async () => {
    setNow('2026-05-10T09:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    expect((await agent.get('/api/stripe/invoices')).json()).toEqual({ invoices: [] });
    await subscribe(agent);
    vi.setSystemTime(new Date('2026-06-10T09:00:01Z'));
    advance(user.id, '2026-06-10T09:00:01Z');
    await ctx.deliverAll();
    await signInAgain(agent, user.username, password);
    const { invoices } = (await agent.get('/api/stripe/invoices')).json();
    expect(invoices).toEqual([
      expect.objectContaining({ created: epochOf('2026-06-10T09:00:00Z'), amount: 2900, currency: 'usd', status: 'paid' }),
      expect.objectContaining({ created: epochOf('2026-05-10T09:00:00Z'), amount: 2900, currency: 'usd', status: 'paid' }),
    ]);
    for (const invoice of invoices) {
      expect(invoice.id).toMatch(/^in_/);
      expect(invoice.number).toMatch(/^[0-9A-F]{8}-000[12]$/);
      expect(invoice.invoice_pdf).toMatch(/^https:\/\/pay\.stripe\.com\/invoice\/.+\/pdf$/);
    }
    expect((await (await ctx.signedIn()).agent.get('/api/stripe/invoices')).json()).toEqual({ invoices: [] });
  });

  it('follows the renewals Stripe makes, on the day of the month the subscription started', async () => {
    setNow('2026-01-31T10:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    await subscribe(agent);
    const period = async (at: string) => {
      vi.setSystemTime(new Date(at));
      advance(user.id, at);
      await ctx.deliverAll();
      await signInAgain(agent, user.username, password);
      const { subscription } = await details(agent);
      return [day(subscription.current_period_start), day(subscription.current_period_end)];
    };
    expect(await period('2026-03-01T10:00:00Z')).toEqual(['2026-02-28', '2026-03-31']);
    expect(await period('2026-04-01T10:00:00Z')).toEqual(['2026-03-31', '2026-04-30']);
  });
});

describe('cancelling through Stripe', () => {
  it('at period end: Pro until then (at once, before any webhook), then Free with everything kept', async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    for (const name of ['One', 'Two', 'Three']) expect((await agent.post('/api/properties', propertyValues({ name }))).statusCode).toBe(201);
    const { subscription } = await details(agent);
    const cancelled = await agent.post('/api/stripe/cancel-subscription', { immediate: false });
    expect(cancelled.json()).toMatchObject({ success: true, immediate: false, current_period_end: subscription.current_period_end });
    expect(await plan(agent)).toMatchObject({ plan: 'pro', proUntil: new Date(subscription.current_period_end * 1000).toISOString() });
    expect((await details(agent)).subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const again = await agent.post('/api/stripe/cancel-subscription', { immediate: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Subscription already cancelled');
    await ctx.deliverAll();

    ctx.stripe.advanceTo(new Date((subscription.current_period_end + 1) * 1000), subscription.id);
    const events = await ctx.deliverAll();
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(await plan(agent)).toMatchObject({ plan: 'free', hasActiveSubscription: false, propertyCount: 3 });
    expect((await agent.get('/api/properties')).json()).toHaveLength(3);
    expect((await details(agent)).subscription).toMatchObject({ status: 'canceled' });
  });

  it('immediately: Free at once; nothing left to cancel says so', async () => {
    const { agent } = await ctx.signedIn();
    const none = await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No active subscription');
    await subscribe(agent);
    const cancelled = await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(cancelled.json()).toMatchObject({ success: true, immediate: true, message: 'Your subscription has been cancelled. Your account is on the Free plan now.' });
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
    // Stripe's own word on it arrives afterwards and changes nothing.
    expect((await ctx.deliverAll()).map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(await plan(agent)).toMatchObject({ plan: 'free' });
    expect((await agent.post('/api/stripe/cancel-subscription', { immediate: true })).statusCode).toBe(404);
    // An account that has paid has no free trial.
    const trial = await agent.post('/api/subscription/trial', {});
    expect(trial.statusCode).toBe(409);
    expect(trial.json().message).toMatch(/has paid for Firemark Pro before/);
  });
});

describe('a trial with a card', () => {
  it("is Stripe's trial on the subscription: the card is saved now and charged when the trial ends", async () => {
    setNow('2026-07-01T12:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    const trial = (await agent.post('/api/subscription/trial', {})).json();
    const created = (await agent.post('/api/create-subscription', {})).json();
    expect(created).toMatchObject({ intent: 'setup', clientSecret: expect.stringMatching(/^seti_/) });
    const call = ctx.stripe.requests.findLast((r) => r.path === '/v1/subscriptions')!;
    expect(call.body).toMatchObject({ trial_end: String(epochOf(trial.proUntil)), trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } });
    await ctx.deliverAll();
    // Until a card is saved, the account is on its plain trial.
    expect(await plan(agent)).toMatchObject({ onTrial: true, proUntil: trial.proUntil });

    ctx.stripe.confirmSetup(created.clientSecret, '4242 4242 4242 4242');
    await ctx.deliverAll();
    expect(await plan(agent)).toMatchObject({ plan: 'pro', onTrial: false, proUntil: null });
    expect((await details(agent)).subscription).toMatchObject({ status: 'trialing', trial_end: epochOf(trial.proUntil) });

    // Three days before the end Stripe gives notice, which is mailed.
    vi.setSystemTime(new Date('2026-07-28T12:00:00Z'));
    advance(user.id, '2026-07-28T12:00:00Z');
    expect((await ctx.deliverAll()).map((e) => e.type)).toEqual(['customer.subscription.trial_will_end']);
    const notice = await ctx.runtime.pool.query(`select subject, text_body from email_outbox where kind = 'trial_ending' and user_id = $1`, [user.id]);
    expect(notice.rows).toEqual([{ subject: 'Your Firemark Pro trial ends on Jul 31, 2026', text_body: expect.stringContaining('Your saved card will then be charged 29.00 USD a month') }]);

    vi.setSystemTime(new Date('2026-07-31T12:00:01Z'));
    advance(user.id, '2026-07-31T12:00:01Z');
    await ctx.deliverAll();
    await signInAgain(agent, user.username, password);
    expect(await plan(agent)).toMatchObject({ plan: 'pro', proUntil: null, trialAvailable: false });
    expect((await details(agent)).subscription).toMatchObject({ status: 'active', current_period_start: epochOf(trial.proUntil) });
    expect((await agent.get('/api/stripe/invoices')).json().invoices[0]).toMatchObject({ amount: 2900, status: 'paid' });
  });

  it('without a card, the trial ends as any trial does', async () => {
    setNow('2026-07-01T12:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    await agent.post('/api/subscription/trial', {});
    await agent.post('/api/create-subscription', {});
    vi.setSystemTime(new Date('2026-07-31T12:00:01Z'));
    advance(user.id, '2026-07-31T12:00:01Z');
    expect((await ctx.deliverAll()).map((e) => e.type)).toContain('customer.subscription.deleted');
    await signInAgain(agent, user.username, password);
    expect(await plan(agent)).toMatchObject({ plan: 'free', onTrial: false });
    expect((await details(agent)).subscription).toBeNull();
  });
});

describe('when Stripe is down', () => {
  it('billing calls answer 503 with a clear message; the plan and everything else keep working', async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    for (const state of ['unreachable', 'error'] as const) {
      ctx.stripe.setState(state);
      for (const call of [
        () => agent.get('/api/stripe/payment-methods'),
        () => agent.get('/api/stripe/invoices'),
        () => agent.post('/api/stripe/cancel-subscription', { immediate: true }),
      ]) {
        const answer = await call();
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'Billing is unavailable right now: our payment provider cannot be reached. Your plan and data are unaffected. Please try again in a few minutes.',
        });
      }
      expect(await plan(agent)).toMatchObject({ plan: 'pro' });
      expect((await details(agent)).subscription).toMatchObject({ status: 'active' });
      expect((await agent.post('/api/properties', propertyValues())).statusCode).toBe(201);
    }
    const fresh = await ctx.signedIn();
    expect((await fresh.agent.post('/api/create-subscription', {})).statusCode).toBe(503);
  });

  it('the subscription status never calls Stripe', async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    const before = ctx.stripe.requests.length;
    await plan(agent);
    await details(agent);
    expect(ctx.stripe.requests.length).toBe(before);
  });
});
