import { expect, expectAccessible, test } from './fixtures';

test('a visitor reads the landing page and every link leads to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Firemark');
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('$29', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/30-day/i).first()).toBeVisible();
  await expect(page.getByText(/500\+/).first()).toBeVisible();

  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(hrefs.length).toBeGreaterThan(3);
  expect(new Set(hrefs)).toEqual(new Set(['/auth/login']));
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
