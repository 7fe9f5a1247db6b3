import { expect, test } from './fixtures';

test('the API reference opens in the browser under the CSP and shows each call with its parameters', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Firemark API/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Properties/, level: 3 })).toBeVisible();

  await page.getByRole('button', { name: 'GET /api/properties List properties', exact: true }).click();
  await expect(page.getByText('Available values : commercial, retail, healthcare, education, residential, industrial, other').first()).toBeVisible();
  expect(problems).toEqual([]);
});
