import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectToast, newAccountData, test as base } from './fixtures';
import { detail, openBilling } from './support/billing-page';
import { startStripeServer, type StripeServer } from './support/stripe-server';

/**
 * The Stripe path in the browser: a Firemark billing through Stripe (the fake Stripe on
 * loopback), with Stripe.js stubbed by page.route. Nothing reaches the network.
 */
const test = base.extend<{ stripePage: Page }, { stripeServer: StripeServer }>({
  stripeServer: [
    async ({}, use) => {
      const server = await startStripeServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ stripeServer }, use) => use(stripeServer.url),
  stripePage: async ({ page, stripeServer }, use) => {
    const account = newAccountData();
    const origin = { origin: stripeServer.url };
    expect((await page.request.post('/api/auth/register', { data: account, headers: origin })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: { username: account.username, password: account.password }, headers: origin })).status()).toBe(200);
    await stripeServer.routeStripe(page);
    await use(page);
  },
});

// One Stripe-billing server per worker: its tests run one after the other on it.
test.describe.configure({ mode: 'default' });

const upgradeCard = (page: Page) => page.getByRole('region', { name: 'Upgrade to Firemark Pro' });
const methodsCard = (page: Page) => page.getByRole('region', { name: 'Payment Methods' });
const invoicesCard = (page: Page) => page.getByRole('region', { name: 'Invoices' });
const cancelCard = (page: Page) => page.getByRole('region', { name: 'Cancel Subscription' });

async function payWith(page: Page, card: string) {
  const form = upgradeCard(page);
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration date').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
}

test('pays with the Payment Element through 3-D Secure, then adds a card, reads the invoice and cancels', async ({ stripePage: page, stripeServer }) => {
  test.setTimeout(90_000);
  // Stripe.js is loaded for billing only.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const loadsBefore = stripeServer.stripeJsRequests.length;
  await openBilling(page);
  const csp = (await page.request.get('/billing')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
  expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
  expect(stripeServer.stripeJsRequests.length).toBe(loadsBefore);

  await upgradeCard(page).getByRole('button', { name: 'Upgrade to Pro - $29/month' }).click();
  const form = upgradeCard(page);
  await expect(form.getByRole('heading', { name: 'Complete Your Subscription' })).toBeFocused();
  // Stripe test keys: the form says nothing is charged, with Stripe's test cards.
  await expect(form.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(form.getByText(/4000 0027 6000 3184 asks for 3-D Secure/)).toBeVisible();
  await expect(form.getByLabel('Card number')).toBeVisible();
  await expect(form.getByText('Preparing your secure payment form...')).toBeHidden();
  expect(stripeServer.stripeJsRequests.slice(loadsBefore)).toEqual(['https://js.stripe.com/endive/stripe.js']);
  await expectAccessible(page);

  // Declined: Stripe's words, and the account stays Free.
  await payWith(page, '4000 0000 0000 0002');
  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');

  // A card whose bank asks for 3-D Secure: failing the challenge is a failed payment...
  await payWith(page, '4000 0027 6000 3184');
  const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expectToast(page, 'Payment Failed', 'We are unable to authenticate your payment method. Please choose a different payment method and try again.');
  // ...and passing it pays.
  await payWith(page, '4000 0027 6000 3184');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(form.getByRole('status')).toContainText('Payment received');
  await expect(page).toHaveURL(/\/billing\/success\?payment_intent=pi_\w+$/);
  await expect(page.getByText('Firemark Pro is active on your account.', { exact: false })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '$29.00 USD / month' })).toBeVisible();

  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Monthly total')).toHaveText('$29.00 USD');
  await expect(methodsCard(page).getByRole('listitem').filter({ hasText: 'Visa •••• 3184' })).toContainText('Active');

  // Stripe's invoice, with Stripe's hosted PDF.
  await invoicesCard(page).getByRole('button', { name: 'Show Invoice History' }).click();
  const invoice = invoicesCard(page).getByRole('listitem');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('$29.00 USD');
  await expect(invoice).toContainText('Paid');
  await expect(invoice.getByRole('link', { name: /^Download PDF of invoice / })).toHaveAttribute('href', /^https:\/\/pay\.stripe\.com\/invoice\/.+\/pdf$/);

  // A second card, through a setup intent, becomes the default.
  await methodsCard(page).getByRole('button', { name: 'Add Payment Method' }).click();
  const panel = methodsCard(page).getByRole('region', { name: 'Add a Payment Method' });
  await panel.getByLabel('Card number').fill('5555 5555 5555 4444');
  await panel.getByRole('button', { name: 'Save Card' }).click();
  await expectToast(page, 'Payment Method Added', 'Mastercard ending in 4444 is now your default card.');
  await expect(methodsCard(page).getByRole('listitem').filter({ hasText: 'Mastercard •••• 4444' })).toContainText('Active');

  // Cancel at period end, then at once.
  const nextBilling = (await detail(page, 'Next billing date').textContent())!;
  await cancelCard(page).getByRole('button', { name: 'Show Cancel Options' }).click();
  await cancelCard(page).getByRole('button', { name: 'Cancel at Period End' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel at the end of this period?' }).getByRole('button', { name: 'Cancel at Period End' }).click();
  await expectToast(page, 'Subscription Cancelled', `Firemark Pro stays on until ${nextBilling}. You will not be charged again.`);
  await expect(detail(page, 'Pro ends')).toHaveText(nextBilling);
  await cancelCard(page).getByRole('button', { name: 'Cancel Immediately' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel your subscription now?' }).getByRole('button', { name: 'Cancel Immediately' }).click();
  await expectToast(page, 'Subscription Cancelled', 'Your account is on the Free plan now. All your data stays.');
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expectAccessible(page);
});

test('when Stripe.js cannot be loaded, the form says so and can try again', async ({ stripePage: page }) => {
  let blocked = true;
  await page.route('https://js.stripe.com/**', (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()));
  await openBilling(page);
  await upgradeCard(page).getByRole('button', { name: 'Upgrade to Pro - $29/month' }).click();
  const form = upgradeCard(page);
  await expect(form.getByRole('alert').filter({ hasText: 'Failed to load payment form. Please refresh and try again.' })).toBeVisible();
  blocked = false;
  await form.getByRole('button', { name: 'Try Again' }).click();
  await expect(form.getByLabel('Card number')).toBeVisible();
});
