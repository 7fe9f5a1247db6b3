import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfPages } from '../../../testing/pdf-text';
import { createTestContext, type TestContext } from '../../../testing/test-app';
import { setNow } from '../../../testing/clock';

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

type Agent = Awaited<ReturnType<TestContext['signedIn']>>['agent'];
const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra });

async function subscribe(agent: Agent, number = '4242 4242 4242 4242') {
  const created = await agent.post('/api/create-subscription', {});
  expect(created.statusCode).toBe(200);
  return agent.post('/api/billing/test/confirm-payment', { clientSecret: created.json().clientSecret, card: card(number) });
}
const plan = async (agent: Agent) => (await agent.get('/api/subscription/status')).json();
/** After the clock jumps past the 30-day session, sign in again, as the person would. */
async function signInAgain(agent: Agent, username: string, password: string) {
  expect((await agent.post('/api/auth/login', { username, password })).statusCode).toBe(200);
}

describe('subscribing in test mode', () => {
  it('takes a test card, makes the account Pro, saves the card and writes a paid invoice', async () => {
    setNow('2026-03-10T12:00:00Z');
    const { agent, user } = await ctx.signedIn({ fullName: 'Jordan Lee' });
    expect((await agent.get('/api/stripe/subscription-details')).json()).toEqual({ testMode: true, subscription: null });

    const created = (await agent.post('/api/create-subscription', {})).json();
    expect(created).toMatchObject({ clientSecret: expect.stringMatching(/^pi_test_[0-9a-f]{24}_secret_/), details: { amount: 2900, currency: 'usd' } });
    const paid = await agent.post('/api/billing/test/confirm-payment', { clientSecret: created.clientSecret, card: card('4242 4242 4242 4242') });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ paymentIntent: { id: created.clientSecret.split('_secret_')[0], status: 'succeeded' } });

    expect(await plan(agent)).toMatchObject({ hasActiveSubscription: true, plan: 'pro', onTrial: false, proUntil: null, propertyLimit: -1 });
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({
      status: 'active',
      current_period_start: Date.parse('2026-03-10T12:00:00Z') / 1000,
      current_period_end: Date.parse('2026-04-10T12:00:00Z') / 1000,
      cancel_at_period_end: false,
      plan: { name: 'Firemark Pro', amount: 2900, currency: 'usd', interval: 'month' },
    });
    expect((await agent.get('/api/stripe/payment-methods')).json()).toEqual([
      { id: expect.stringMatching(/^pm_test_/), card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }, isDefault: true },
    ]);
    const { invoices } = (await agent.get('/api/stripe/invoices')).json();
    expect(invoices).toEqual([
      {
        id: expect.stringMatching(/^in_test_/),
        number: `FM-${String(user.id).padStart(5, '0')}-0001`,
        created: Date.parse('2026-03-10T12:00:00Z') / 1000,
        amount: 2900,
        currency: 'usd',
        status: 'paid',
        invoice_pdf: `/api/billing/invoices/${invoices[0].id}/pdf`,
      },
    ]);
    const pdf = await agent.get(invoices[0].invoice_pdf);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const expected of [invoices[0].number, 'Jordan Lee', '$29.00 USD', 'Paid with visa ending 4242', 'Test mode: no money was charged.']) {
      expect(text).toContain(expected);
    }

    expect((await agent.post('/api/create-subscription', {})).json()).toMatchObject({ message: 'You already have an active subscription.' });
    // Paying the same secret twice is not a second charge.
    expect((await agent.post('/api/billing/test/confirm-payment', { clientSecret: created.clientSecret, card: card('4242424242424242') })).statusCode).toBe(200);
    expect((await agent.get('/api/stripe/invoices')).json().invoices).toHaveLength(1);
  });

  it("answers cards as Stripe's test mode does, and leaves the account Free", async () => {
    const { agent } = await ctx.signedIn();
    const { clientSecret } = (await agent.post('/api/create-subscription', {})).json();
    const tryCard = (c: Record<string, unknown>) => agent.post('/api/billing/test/confirm-payment', { clientSecret, card: c });

    const declined = await tryCard(card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect((await tryCard(card('4000000000009995'))).json().message).toBe('Your card has insufficient funds.');
    const real = await tryCard(card('4111 1111 1111 1111'));
    expect(real.statusCode).toBe(402);
    expect(real.json().message).toContain('test cards only');

    expect((await tryCard(card('4242 4242 4242 4241'))).json().fieldErrors).toEqual({ 'card.number': ['Your card number is incorrect.'] });
    expect((await tryCard(card('4242424242424242', { expYear: 2020 }))).json().fieldErrors).toEqual({ 'card.expYear': ["Your card's expiration date is in the past."] });
    expect((await tryCard(card('4242424242424242', { cvc: '1' }))).json().fieldErrors).toEqual({ 'card.cvc': ["Your card's security code is incomplete."] });
    expect((await tryCard(card('4242424242424242', { expMonth: 13 }))).json().fieldErrors).toEqual({ 'card.expMonth': ['Enter a valid expiry month'] });
    expect((await agent.post('/api/billing/test/confirm-payment', { clientSecret: 'pi_test_made_up', card: card('4242424242424242') })).statusCode).toBe(404);

    expect(await plan(agent)).toMatchObject({ hasActiveSubscription: false, plan: 'free' });
    expect((await agent.get('/api/stripe/payment-methods')).json()).toEqual([]);
  });

  it('during the trial saves the card and takes the first payment when the trial ends', async () => {
    setNow('2026-01-10T08:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    await agent.post('/api/subscription/trial', {});
    expect(await plan(agent)).toMatchObject({ onTrial: true, proUntil: '2026-02-09T08:00:00.000Z' });

    const created = (await agent.post('/api/create-subscription', {})).json();
    expect(created).toMatchObject({ intent: 'setup', clientSecret: expect.stringMatching(/^seti_test_/) });
    // The card is checked as Stripe checks a card it saves: a declined one is refused now.
    const declined = await agent.post('/api/billing/test/confirm-payment', { clientSecret: created.clientSecret, card: card('4000 0000 0000 0002') });
    expect(declined.statusCode).toBe(402);
    const saved = await agent.post('/api/billing/test/confirm-payment', { clientSecret: created.clientSecret, card: card('4242 4242 4242 4242') });
    expect(saved.json()).toEqual({ setupIntent: { id: created.clientSecret.split('_secret_')[0], status: 'succeeded' } });

    // Pro goes on with no end; nothing is charged before the trial's end.
    expect(await plan(agent)).toMatchObject({ plan: 'pro', onTrial: false, proUntil: null, trialAvailable: false });
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({
      status: 'trialing',
      current_period_end: Date.parse('2026-02-09T08:00:00Z') / 1000,
      trial_end: Date.parse('2026-02-09T08:00:00Z') / 1000,
    });
    expect((await agent.get('/api/stripe/invoices')).json().invoices).toEqual([]);
    expect((await agent.post('/api/create-subscription', {})).statusCode).toBe(409);

    vi.setSystemTime(new Date('2026-02-09T08:00:01Z'));
    await signInAgain(agent, user.username, password);
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({
      status: 'active',
      current_period_start: Date.parse('2026-02-09T08:00:00Z') / 1000,
      current_period_end: Date.parse('2026-03-09T08:00:00Z') / 1000,
    });
    const { invoices } = (await agent.get('/api/stripe/invoices')).json();
    expect(invoices).toMatchObject([{ status: 'paid', amount: 2900, created: Date.parse('2026-02-09T08:00:00Z') / 1000 }]);
    expect(await plan(agent)).toMatchObject({ plan: 'pro', proUntil: null });
  });

  it('cancelled at once during the trial, leaves the rest of the trial and charges nothing', async () => {
    const { agent } = await ctx.signedIn();
    const trial = (await agent.post('/api/subscription/trial', {})).json();
    const { clientSecret } = (await agent.post('/api/create-subscription', {})).json();
    await agent.post('/api/billing/test/confirm-payment', { clientSecret, card: card('4242424242424242') });
    const cancelled = await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(cancelled.json().message).toBe('Your subscription has been cancelled. Your free trial of Firemark Pro goes on until it ends.');
    expect(await plan(agent)).toMatchObject({ plan: 'pro', onTrial: true, proUntil: trial.proUntil });
    expect((await agent.get('/api/stripe/invoices')).json().invoices).toEqual([]);
  });

  it('offers no trial to an account that has ever paid', async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(await plan(agent)).toMatchObject({ plan: 'free', trialAvailable: false });
    const refused = await agent.post('/api/subscription/trial', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The free trial is for new accounts, and yours has paid for Firemark Pro before. Subscribe on this page to get it back.');
  });
});

describe('renewing and cancelling', () => {
  it('renews every month on the day it started, with an invoice each time', async () => {
    setNow('2026-01-31T10:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    await subscribe(agent);
    const periodOf = async () => {
      await signInAgain(agent, user.username, password);
      const { subscription } = (await agent.get('/api/stripe/subscription-details')).json();
      return [subscription.current_period_start, subscription.current_period_end].map((s: number) => new Date(s * 1000).toISOString().slice(0, 10));
    };
    // Jan 31, then Feb 28 (the month's last day), then Mar 31 again, as Stripe renews.
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    expect(await periodOf()).toEqual(['2026-02-28', '2026-03-31']);
    vi.setSystemTime(new Date('2026-04-01T10:00:00Z'));
    expect(await periodOf()).toEqual(['2026-03-31', '2026-04-30']);
    expect((await agent.get('/api/stripe/invoices')).json().invoices.map((i: { number: string; created: number }) => [i.number.slice(-4), new Date(i.created * 1000).toISOString().slice(0, 10)])).toEqual([
      ['0003', '2026-03-31'],
      ['0002', '2026-02-28'],
      ['0001', '2026-01-31'],
    ]);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('at period end: Pro until the period ends, then Free with everything kept', async () => {
    setNow('2026-05-05T09:00:00Z');
    const { agent, user, password } = await ctx.signedIn();
    await subscribe(agent);
    const cancelled = await agent.post('/api/stripe/cancel-subscription', { immediate: false });
    expect(cancelled.json()).toMatchObject({ success: true, immediate: false, current_period_end: Date.parse('2026-06-05T09:00:00Z') / 1000 });
    expect(await plan(agent)).toMatchObject({ plan: 'pro', proUntil: '2026-06-05T09:00:00.000Z' });
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await agent.post('/api/stripe/cancel-subscription', { immediate: false })).json().message).toBe('Subscription already cancelled');

    vi.setSystemTime(new Date('2026-06-05T09:00:01Z'));
    await signInAgain(agent, user.username, password);
    expect(await plan(agent)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
    expect((await agent.get('/api/stripe/subscription-details')).json().subscription).toMatchObject({ status: 'canceled' });
    expect((await agent.get('/api/stripe/invoices')).json().invoices).toHaveLength(1);
    // And subscribing again is possible.
    expect((await subscribe(agent)).statusCode).toBe(200);
    expect(await plan(agent)).toMatchObject({ plan: 'pro' });
  });

  it('immediately: Free at once; cancelling with nothing to cancel says so', async () => {
    const { agent } = await ctx.signedIn();
    const none = await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No active subscription');
    await subscribe(agent);
    const cancelled = await agent.post('/api/stripe/cancel-subscription', { immediate: true });
    expect(cancelled.json()).toMatchObject({ success: true, immediate: true });
    expect(await plan(agent)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
    expect((await agent.post('/api/stripe/cancel-subscription', { immediate: true })).json().message).toBe('Subscription already cancelled');
  });
});

describe('payment methods', () => {
  it('adds a card through a setup intent, switches the default and removes one', async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    const { clientSecret } = (await agent.post('/api/stripe/create-setup-intent', {})).json();
    expect(clientSecret).toMatch(/^seti_test_/);
    const added = await agent.post('/api/billing/test/confirm-setup', { clientSecret, card: card('5555 5555 5555 4444', { expMonth: 7, expYear: 2031 }) });
    expect(added.json().paymentMethod).toMatchObject({ card: { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 }, isDefault: true });
    expect((await agent.post('/api/billing/test/confirm-setup', { clientSecret, card: card('5555555555554444') })).statusCode).toBe(404);

    const methods = (await agent.get('/api/stripe/payment-methods')).json();
    expect(methods.map((m: { card: { last4: string }; isDefault: boolean }) => [m.card.last4, m.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const visa = methods[1].id;
    expect((await agent.post('/api/stripe/set-default-payment-method', { paymentMethodId: visa })).statusCode).toBe(200);
    expect((await agent.delete(`/api/stripe/payment-methods/${methods[0].id}`)).statusCode).toBe(200);
    // The only card of an active subscription stays.
    const last = await agent.delete(`/api/stripe/payment-methods/${visa}`);
    expect(last.statusCode).toBe(409);
    expect((await agent.get('/api/stripe/payment-methods')).json()).toMatchObject([{ id: visa, isDefault: true }]);
  });

  it('limits how many setup intents and subscriptions one account creates', async () => {
    const { agent } = await ctx.signedIn();
    for (let i = 0; i < 20; i++) expect((await agent.post('/api/stripe/create-setup-intent', {})).statusCode).toBe(200);
    const refused = await agent.post('/api/create-subscription', {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again in /) });
    expect((await (await ctx.signedIn()).agent.post('/api/create-subscription', {})).statusCode).toBe(200);
  });

  it("keeps each account's billing to itself", async () => {
    const { agent } = await ctx.signedIn();
    await subscribe(agent);
    const [invoice] = (await agent.get('/api/stripe/invoices')).json().invoices;
    const [method] = (await agent.get('/api/stripe/payment-methods')).json();
    const stranger = await ctx.signedIn();
    expect((await stranger.agent.get(invoice.invoice_pdf)).statusCode).toBe(404);
    expect((await stranger.agent.delete(`/api/stripe/payment-methods/${method.id}`)).statusCode).toBe(404);
    expect((await stranger.agent.get('/api/stripe/invoices')).json()).toEqual({ invoices: [] });
    expect((await stranger.agent.get('/api/billing/invoices/nonsense/pdf')).statusCode).toBe(404);
    for (const res of [
      await ctx.agent().get('/api/stripe/subscription-details'),
      await ctx.agent().post('/api/create-subscription', {}),
      await ctx.agent().get('/api/stripe/invoices'),
      await ctx.agent().post('/api/stripe/cancel-subscription', { immediate: true }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers bad input with field messages, no session with 401 and anyone else\'s card with 404, on every call', async () => {
    const { agent } = await ctx.signedIn();
    const bad = async (res: Promise<{ statusCode: number; json(): { fieldErrors?: Record<string, string[]> } }>) => {
      const answer = await res;
      expect(answer.statusCode).toBe(400);
      return answer.json().fieldErrors;
    };
    expect(await bad(agent.post('/api/stripe/set-default-payment-method', {}))).toEqual({ paymentMethodId: ['Choose a payment method'] });
    expect(await bad(agent.post('/api/stripe/cancel-subscription', { immediate: 'yes' }))).toEqual({ immediate: ['immediate must be true or false'] });
    expect(await bad(agent.post('/api/billing/test/confirm-setup', { card: card('4242424242424242') }))).toEqual({
      clientSecret: ['Payment form not ready. Please wait and try again.'],
    });
    expect(await bad(agent.post('/api/billing/test/confirm-payment', { clientSecret: 'x', card: { number: 'abc' } }))).toMatchObject({
      'card.number': ['Your card number is incorrect.'],
      'card.cvc': ["Your card's security code is incomplete."],
    });
    expect((await agent.post('/api/create-subscription', [1])).statusCode).toBe(400);

    const owner = await ctx.signedIn();
    await subscribe(owner.agent);
    const [theirs] = (await owner.agent.get('/api/stripe/payment-methods')).json();
    expect((await agent.post('/api/stripe/set-default-payment-method', { paymentMethodId: theirs.id })).statusCode).toBe(404);
    expect((await owner.agent.get('/api/stripe/payment-methods')).json()).toMatchObject([{ id: theirs.id, isDefault: true }]);

    const signedOut = ctx.agent();
    for (const res of [
      await signedOut.get('/api/stripe/billing-details'),
      await signedOut.get('/api/stripe/payment-methods'),
      await signedOut.post('/api/stripe/create-setup-intent', {}),
      await signedOut.post('/api/billing/test/confirm-payment', { clientSecret: 'x', card: card('4242424242424242') }),
      await signedOut.post('/api/billing/test/confirm-setup', { clientSecret: 'x', card: card('4242424242424242') }),
      await signedOut.post('/api/stripe/set-default-payment-method', { paymentMethodId: theirs.id }),
      await signedOut.delete(`/api/stripe/payment-methods/${theirs.id}`),
      await signedOut.get('/api/billing/invoices/in_test_000000000000000000000000/pdf'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});
