import { parse } from 'date-fns';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';
import { detail, openBilling, overview } from './support/billing-page';

const DAY_MS = 24 * 60 * 60 * 1000;

const upgradeCard = (page: Page) => page.getByRole('region', { name: 'Upgrade to Firemark Pro' });
const methodsCard = (page: Page) => page.getByRole('region', { name: 'Payment Methods' });
const invoicesCard = (page: Page) => page.getByRole('region', { name: 'Invoices' });
const cancelCard = (page: Page) => page.getByRole('region', { name: 'Cancel Subscription' });
const freeBanner = (page: Page) => page.getByRole('region', { name: 'Free plan', exact: true });
const upgradeButton = (page: Page) => page.getByRole('button', { name: 'Upgrade to Pro - $29/month' });

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** Opens the payment form and waits until it can take a payment. */
async function openPaymentForm(page: Page) {
  await upgradeButton(page).click();
  const title = upgradeCard(page).getByRole('heading', { name: 'Complete Your Subscription' });
  await expect(title).toBeFocused();
  await expect(upgradeCard(page).getByText('Preparing your secure payment form...')).toBeHidden();
}

/** Fills the card form inside `scope`, the way a person types it: digits only. */
async function fillCard(page: Page, number: string, expiry = '1234', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

async function plan(page: Page) {
  return (await (await page.request.get('/api/subscription/status')).json()) as { plan: string; hasActiveSubscription: boolean };
}

/** Subscribes through the API, as the payment form does, for tests about what comes after. */
async function subscribeViaApi(page: Page) {
  const created = await page.request.post('/api/create-subscription', { data: {}, headers: origin() });
  expect(created.status()).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/billing/test/confirm-payment', {
    data: { clientSecret, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
    headers: origin(),
  });
  expect(paid.status()).toBe(200);
}

test('the payment form explains test mode, checks what is typed and reports refused cards', async ({ signedInPage: page }) => {
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  // A new account has both offers: the trial without a card, and paying.
  await expect(page.getByRole('button', { name: 'Start 30-Day Free Trial' })).toBeVisible();
  await openPaymentForm(page);

  const form = upgradeCard(page);
  await expect(form.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(
    form.getByText('Use 4242 4242 4242 4242 with any future date and any CVC. 4000 0000 0000 0002 is declined.'),
  ).toBeVisible();
  const number = page.getByLabel('Card number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(page.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  await expectAccessible(page);

  // Nothing typed: each field says what it needs, and nothing is sent.
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(form.getByText('Enter your card number.')).toBeVisible();
  await expect(form.getByText('Enter the expiry date as MM / YY.')).toBeVisible();
  await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(number).toBeFocused();

  // Typed digits are spaced as on the card.
  await number.pressSequentially('4000000000000002');
  await expect(number).toHaveValue('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM / YY)').pressSequentially('1234');
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveValue('12 / 34');
  await page.getByLabel('CVC').fill('12a3');
  await expect(page.getByLabel('CVC')).toHaveValue('123');
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  expect(await plan(page)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(form.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();

  // A number the provider rejects is marked on its field.
  await number.fill('4242 4242 4242 4241');
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
  await expectToast(page, 'Invalid Payment Details', 'Your card number is incorrect.');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert').filter({ hasText: 'Your card number is incorrect.' })).toBeVisible();
  await expect(number).toBeFocused();
  expect(await plan(page)).toMatchObject({ plan: 'free' });
  await expectAccessible(page);

  // Cancelling closes the form and gives the button back, with focus on it.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(upgradeButton(page)).toBeFocused();
});

test('a form that cannot load says so, will not send early, and can try again', async ({ signedInPage: page }) => {
  let down = true;
  await page.route('**/api/create-subscription', async (route) => {
    if (!down) return route.continue();
    await route.fulfill({ status: 429, json: { message: 'Too many requests' } });
  });
  await openBilling(page);
  await upgradeButton(page).click();
  await expectToast(page, 'Subscription Error', 'Failed to create subscription. Please try again.');
  const form = upgradeCard(page);
  await expect(form.getByRole('alert').filter({ hasText: 'Failed to load payment form. Please refresh and try again.' })).toBeVisible();

  await fillCard(page, '4242424242424242');
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(form.getByText('Payment form not ready. Please wait and try again.')).toBeVisible();
  await expectAccessible(page);

  down = false;
  await form.getByRole('button', { name: 'Try Again' }).click();
  await expect(form.getByText('Payment form not ready. Please wait and try again.')).toBeHidden();
  await form.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/billing\/success\?payment_intent=pi_test_/);
});

test('paying, adding a card, the invoice, then cancelling at period end and at once', async ({ signedInPage: page }) => {
  test.setTimeout(90_000);
  await openBilling(page);
  await expect(freeBanner(page)).toBeVisible();
  await openPaymentForm(page);
  await fillCard(page, '4242 4242 4242 4242', '1234', '123');
  await upgradeCard(page).getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(upgradeCard(page).getByRole('status')).toContainText('Payment received');

  // The receipt page, with the payment's id and the plan it bought.
  await expect(page).toHaveURL(/\/billing\/success\?payment_intent=pi_test_[0-9a-f]+$/);
  const paymentId = new URL(page.url()).searchParams.get('payment_intent')!;
  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  await expect(page.getByText(paymentId)).toBeVisible();
  const receipt = page.getByRole('definition');
  await expect(page.getByText('Firemark Pro is active on your account.', { exact: false })).toBeVisible();
  await expect(receipt.filter({ hasText: '$29.00 USD / month' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next steps' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'View Properties' })).toHaveAttribute('href', '/properties');
  await expect(freeBanner(page)).toBeHidden();
  await expectAccessible(page);

  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Plan')).toHaveText('Firemark Pro');
  await expect(detail(page, 'Properties')).toHaveText('0 (Unlimited)');
  await expect(detail(page, 'Monthly total')).toHaveText('$29.00 USD');
  const nextBilling = (await detail(page, 'Next billing date').textContent())!;
  const ahead = parse(nextBilling, 'MMM d, yyyy', new Date()).getTime() - Date.now();
  expect(ahead).toBeGreaterThan(27 * DAY_MS);
  expect(ahead).toBeLessThan(32 * DAY_MS);
  await expect(upgradeButton(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Included in your plan' })).toBeVisible();
  await expect(freeBanner(page)).toHaveCount(0);

  const visa = methodsCard(page).getByRole('listitem').filter({ hasText: 'Visa •••• 4242' });
  await expect(visa).toContainText('Expires 12/2034');
  await expect(visa).toContainText('Active');
  await expectAccessible(page);

  // The invoice and its PDF.
  await invoicesCard(page).getByRole('button', { name: 'Show Invoice History' }).click();
  const invoice = invoicesCard(page).getByRole('listitem');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(/Invoice FM-\d{5}-0001/);
  await expect(invoice).toContainText('$29.00 USD');
  await expect(invoice).toContainText('Paid');
  const pdfLink = invoice.getByRole('link', { name: /^Download PDF of invoice FM-\d{5}-0001$/ });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page);

  // A second card becomes the default.
  await methodsCard(page).getByRole('button', { name: 'Add Payment Method' }).click();
  const panel = methodsCard(page).getByRole('region', { name: 'Add a Payment Method' });
  await expect(panel.getByText('Test mode', { exact: true })).toBeVisible();
  await fillCard(page, '5555 5555 5555 4444', '0731', '321');
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Save Card' }).click();
  await expectToast(page, 'Payment Method Added', 'Mastercard ending in 4444 is now your default card.');
  await expect(panel).toBeHidden();
  await expect(methodsCard(page).getByRole('button', { name: 'Add Payment Method' })).toBeFocused();
  const mastercard = methodsCard(page).getByRole('listitem').filter({ hasText: 'Mastercard •••• 4444' });
  await expect(mastercard).toContainText('Expires 07/2031');
  await expect(mastercard).toContainText('Active');
  await expect(visa).not.toContainText('Active');

  // Cancel at the end of the period: Pro stays until then.
  await cancelCard(page).getByRole('button', { name: 'Show Cancel Options' }).click();
  await expect(cancelCard(page).getByText('Recommended')).toBeVisible();
  await expectAccessible(page);
  await cancelCard(page).getByRole('button', { name: 'Cancel at Period End' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel at the end of this period?' });
  await expect(dialog).toContainText(`Firemark Pro stays on until ${nextBilling}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
  await expectToast(page, 'Subscription Cancelled', `Firemark Pro stays on until ${nextBilling}. You will not be charged again.`);
  await expect(detail(page, 'Pro ends')).toHaveText(nextBilling);
  await expect(detail(page, 'Next billing date')).toHaveCount(0);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(overview(page)).toContainText('You will not be charged again.');
  await expect(cancelCard(page)).toContainText(`Your subscription ends on ${nextBilling}.`);
  await expect(cancelCard(page).getByRole('button', { name: 'Cancel at Period End' })).toHaveCount(0);
  expect(await plan(page)).toMatchObject({ plan: 'pro' });

  // Then at once: Free again, with the free-plan banner back and the receipts kept.
  await cancelCard(page).getByRole('button', { name: 'Cancel Immediately' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel your subscription now?' }).getByRole('button', { name: 'Cancel Immediately' }).click();
  await expectToast(page, 'Subscription Cancelled', 'Your account is on the Free plan now. All your data stays.');
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(detail(page, 'Plan')).toHaveText('Free Plan');
  await expect(detail(page, 'Monthly total')).toHaveText('Free');
  await expect(freeBanner(page)).toBeVisible();
  await expect(cancelCard(page)).toHaveCount(0);
  await expect(methodsCard(page)).toHaveCount(0);
  await expect(invoicesCard(page)).toBeVisible();
  await expect(upgradeButton(page)).toBeVisible();
  await expect(overview(page).getByRole('heading', { name: 'Subscription Overview' })).toBeFocused();
  expect(await plan(page)).toMatchObject({ plan: 'free', hasActiveSubscription: false });
  await expectAccessible(page);
});

test('cancel errors are explained in plain words', async ({ signedInPage: page }) => {
  await subscribeViaApi(page);
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await page.route('**/api/stripe/cancel-subscription', (route) =>
    route.fulfill({ status: 404, json: { message: 'No active subscription' } }),
  );
  await cancelCard(page).getByRole('button', { name: 'Show Cancel Options' }).click();
  await cancelCard(page).getByRole('button', { name: 'Cancel Immediately' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Immediately' }).click();
  await expectToast(page, 'Cancellation Failed', 'No active subscription found to cancel.');
  await expect(detail(page, 'Status')).toHaveText('Active');
});

test('the receipt page waits for the plan to turn active, then shows it', async ({ signedInPage: page }) => {
  await page.goto('/billing/success?payment_intent=pi_test_0123456789abcdef01234567');
  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  await expect(page.getByText('Activating your subscription...')).toBeVisible();
  await expect(page.getByText('pi_test_0123456789abcdef01234567')).toBeVisible();
  // The provider confirms a moment later; the page's next poll (every 3 s) picks it up.
  await subscribeViaApi(page);
  await expect(page.getByText('Firemark Pro is active on your account.', { exact: false })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByText('Activating your subscription...')).toBeHidden();
  await expect(page.getByRole('definition').filter({ hasText: '$29.00 USD / month' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free plan', exact: true })).toBeHidden();
});

test('on a phone every billing state fits the screen', async ({ signedInPage: page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBilling(page);
  await openPaymentForm(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await fillCard(page, '4242424242424242');
  await upgradeCard(page).getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/billing\/success/);
  await expect(page.getByText('Firemark Pro is active on your account.', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await invoicesCard(page).getByRole('button', { name: 'Show Invoice History' }).click();
  await expect(invoicesCard(page).getByRole('listitem')).toHaveCount(1);
  await methodsCard(page).getByRole('button', { name: 'Add Payment Method' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await cancelCard(page).getByRole('button', { name: 'Show Cancel Options' }).click();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
