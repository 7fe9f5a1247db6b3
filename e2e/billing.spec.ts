import { format } from 'date-fns';
import type { Page } from '@playwright/test';
import { addProperty, endTrial, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';
import { detail, openBilling, overview } from './support/billing-page';

const DAY_MS = 24 * 60 * 60 * 1000;

const trialButton = (page: Page) => page.getByRole('button', { name: 'Start 30-Day Free Trial' });

test('a free account sees its plan, starts the 30-day trial and gets Pro at once', async ({ signedInPage: page }) => {
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(detail(page, 'Plan')).toHaveText('Free Plan');
  await expect(detail(page, 'Properties')).toHaveText('0 (1 max)');
  await expect(detail(page, 'Monthly total')).toHaveText('Free');
  await expect(detail(page, 'Trial ends')).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Free plan and Firemark Pro compared' });
  await expect(table.getByRole('columnheader', { name: /Free Your plan/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Price/ })).toContainText('$0 / month');
  await expect(table.getByRole('row', { name: /Price/ })).toContainText('$29 USD / month');
  await expect(table.getByRole('row', { name: /PDF compliance reports/ })).toContainText('Not included');

  const offer = page.getByRole('region', { name: 'Try Firemark Pro free for 30 days' });
  await expect(offer).toContainText('No credit card needed.');
  await expect(offer).toContainText('E-mail reminders');
  await expect(page.getByRole('region', { name: 'Free plan', exact: true })).toBeVisible();
  await expectAccessible(page);

  // The click returns before the trial is saved: wait for its answer before reading the plan.
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/subscription/trial')), trialButton(page).click()]);
  const status = await (await page.request.get('/api/subscription/status')).json();
  expect(status).toMatchObject({ plan: 'pro', onTrial: true, trialAvailable: false });
  expect(Math.abs(Date.parse(status.proUntil) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  const trialEnd = format(new Date(status.proUntil), 'MMM d, yyyy');

  await expectToast(page, 'Pro Trial Started', `Firemark Pro is yours until ${trialEnd}.`);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Plan')).toContainText('Firemark Pro');
  await expect(detail(page, 'Properties')).toHaveText('0 (Unlimited)');
  await expect(detail(page, 'Monthly total')).toHaveText('Free');
  await expect(detail(page, 'Trial ends')).toHaveText(trialEnd);
  await expect(overview(page)).toContainText('returns to the Free plan and keeps all its data');
  await expect(offer).toBeHidden();
  await expect(trialButton(page)).toBeHidden();
  await expect(page.getByRole('region', { name: 'Free plan', exact: true })).toBeHidden();
  // Paying stays on offer during the trial, to keep Pro after it.
  await expect(page.getByRole('region', { name: 'Upgrade to Firemark Pro' })).toContainText('after your trial');
  // The button is gone, so keyboard focus moves to the overview rather than being lost.
  await expect(overview(page).getByRole('heading', { name: 'Subscription Overview' })).toBeFocused();
  await expect(table.getByRole('columnheader', { name: /Firemark Pro Your plan/ })).toBeVisible();
  await expectAccessible(page);

  // Beyond the free limit now: a second property is allowed.
  await addProperty(page);
  await page.getByRole('link', { name: 'Properties', exact: true }).first().click();
  await expect(page.getByRole('link', { name: 'Add Property' })).toBeVisible();
  await addProperty(page, { name: 'Maple Street Apartments' });

  await openBilling(page);
  await expect(detail(page, 'Properties')).toHaveText('2 (Unlimited)');
  await expect(detail(page, 'Trial ends')).toHaveText(trialEnd);
  await expect(trialButton(page)).toBeHidden();
});

test('a trial started elsewhere meanwhile is explained, not retried', async ({ signedInPage: page }) => {
  await openBilling(page);
  await expect(trialButton(page)).toBeVisible();
  const started = await page.request.post('/api/subscription/trial', {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(started.status()).toBe(200);

  await trialButton(page).click();
  await expectToast(page, 'Error', 'Your account already has Firemark Pro.');
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(trialButton(page)).toBeHidden();
});

test('a free account whose trial is used is offered Pro by card', async ({ signedInPage: page, account }) => {
  const started = await page.request.post('/api/subscription/trial', {
    data: {},
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(started.status()).toBe(200);
  await endTrial(account.username);
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(trialButton(page)).toHaveCount(0);
  const upgrade = page.getByRole('region', { name: 'Upgrade to Firemark Pro' });
  await expect(upgrade).toContainText('$29 USD a month, paid by card. Cancel anytime.');
  // Without the trial offer beside it, the card itself lists what Pro adds.
  await expect(upgrade).toContainText('PDF compliance reports');
  await expect(upgrade.getByRole('button', { name: 'Upgrade to Pro - $29/month' })).toBeVisible();
  await expectAccessible(page);
});

test('a Pro account sees its plan with nothing to pay and nothing to start', async ({ proPage: page }) => {
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Plan')).toHaveText('Firemark Pro');
  await expect(detail(page, 'Properties')).toHaveText('0 (Unlimited)');
  await expect(detail(page, 'Monthly total')).toHaveText('No charge');
  await expect(detail(page, 'Trial ends')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Included in your plan' })).toContainText('PDF compliance reports');
  await expect(trialButton(page)).toHaveCount(0);
  // Pro given at no charge has nothing to buy.
  await expect(page.getByRole('button', { name: 'Upgrade to Pro - $29/month' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Free plan', exact: true })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Free plan and Firemark Pro compared' });
  await expect(table.getByRole('columnheader', { name: /Firemark Pro Your plan/ })).toBeVisible();
  await expectAccessible(page);
});

test('when the plan cannot be loaded, the page says so and can try again', async ({ signedInPage: page }) => {
  let down = true;
  await page.route('**/api/subscription/status', async (route) => {
    if (!down) return route.continue();
    await route.fulfill({ status: 429, json: { message: 'Too many requests' } });
  });
  await openBilling(page);
  await expect(overview(page).getByRole('alert')).toHaveText('Your plan could not be loaded.');
  await expect(trialButton(page)).toHaveCount(0);
  await expectAccessible(page);
  down = false;
  await overview(page).getByRole('button', { name: 'Try Again' }).click();
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(trialButton(page)).toBeVisible();
});

test('on a phone the page fits the screen, before and after the trial', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBilling(page);
  await expect(detail(page, 'Status')).toHaveText('Not Subscribed');
  await expect(page.getByRole('table', { name: 'Free plan and Firemark Pro compared' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await trialButton(page).click();
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expectNoSidewaysScroll(page);
});
