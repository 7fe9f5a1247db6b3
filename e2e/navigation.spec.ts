import type { Page } from '@playwright/test';
import { addProperty, expect, test } from './fixtures';

/**
 * Holds back the code of the page whose file name matches `chunk` until the page's data has been
 * asked for, or for five seconds, and records which came first. An app that asks for a page's
 * data only once its code has arrived records "code sent" before "data asked".
 */
async function recordCodeAndDataOrder(page: Page, chunk: RegExp, isData: (url: URL) => boolean): Promise<string[]> {
  const order: string[] = [];
  let dataAsked!: () => void;
  const asked = new Promise<void>((resolve) => (dataAsked = resolve));
  page.on('request', (request) => {
    if (!isData(new URL(request.url()))) return;
    order.push('data asked');
    dataAsked();
  });
  await page.route(chunk, async (route) => {
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    order.push('code sent');
    await route.continue();
  });
  return order;
}

test("going to a page not yet visited asks for its data while the page's code is still on its way", async ({ signedInPage: page }) => {
  const property = await addProperty(page, { name: 'Alpha Tower' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const listOrder = await recordCodeAndDataOrder(page, /\/assets\/properties-page-[\w-]+\.js$/, (url) => url.pathname === '/api/properties');
  await page.getByRole('navigation').getByRole('link', { name: 'Properties', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alpha Tower' })).toBeVisible();
  expect(listOrder).toEqual(['data asked', 'code sent']);

  const detailsOrder = await recordCodeAndDataOrder(page, /\/assets\/property-details-page-[\w-]+\.js$/, (url) => url.pathname === `/api/properties/${property.id}`);
  await page.getByRole('link', { name: 'Alpha Tower' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alpha Tower' })).toBeVisible();
  await expect(page.getByText('100 Harbor Way').first()).toBeVisible();
  expect(detailsOrder).toEqual(['data asked', 'code sent']);
});

test('a page still downloading shows a loading bar over the page being left, and a page already loaded shows none', async ({ signedInPage: page }) => {
  await addProperty(page, { name: 'Alpha Tower' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/properties-page-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Properties', exact: true }).first().click();
  const loadingBar = page.getByRole('status').filter({ hasText: 'Loading page...' });
  await expect(loadingBar).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alpha Tower' })).toBeVisible();
  await expect(loadingBar).toHaveCount(0);

  // Back to the dashboard, whose code and answers are here already: no bar, not even briefly.
  await page.evaluate(() => {
    const flags = window as unknown as { loadingBarSeen?: boolean };
    flags.loadingBarSeen = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading page...')) flags.loadingBarSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingBarSeen?: boolean }).loadingBarSeen)).toBe(false);
});
