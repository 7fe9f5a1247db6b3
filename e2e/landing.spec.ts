import { expect, expectAccessible, test } from './fixtures';

test('a visitor reads the landing page; starting leads to sign up, signing in to sign in (decision 014)', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  // Prerendered (decision 019): the page shows at once and downloads no script.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts).toEqual([]);
  await expect(page).toHaveTitle('Firemark');
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('$29', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/30-day/i).first()).toBeVisible();
  await expect(page.getByText(/500\+/).first()).toBeVisible();

  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs.length).toBeGreaterThan(3);
  expect(new Set(hrefs)).toEqual(new Set(['/auth/login', '/auth/signup']));
  await expectAccessible(page);

  for (const name of ['Get Started', 'Start for Free']) {
    await expect(page.getByRole('link', { name }).first()).toHaveAttribute('href', '/auth/signup');
  }
  // Trial calls to action start the trial with the account (DECISIONS, "Plans and limits").
  for (const name of ['Start Your Free Trial', 'Start 30-Day Free Trial', 'Try Firemark Free', '30-day free trial']) {
    await expect(page.getByRole('link', { name }).first()).toHaveAttribute('href', '/auth/signup?trial=1');
  }
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});
