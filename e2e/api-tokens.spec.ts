import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

test('a person creates an API token, sees it once, another tool reads with it, and revoking it stops it', async ({ signedInPage: page, playwright }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto('/settings');
  await expect(page.getByText('No API tokens yet. Create one below when another tool needs to reach your records.')).toBeVisible();

  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByText('Name the token, e.g. "Spreadsheet sync"')).toBeVisible();
  await page.getByLabel('Token name').fill('Spreadsheet sync');
  await page.getByRole('button', { name: 'Create Token' }).click();
  const shown = page.getByLabel('API token', { exact: true });
  await expect(shown).toHaveValue(/^fm_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  const list = page.getByRole('list', { name: 'API tokens' });
  await expect(list.getByText('Spreadsheet sync')).toBeVisible();
  await expect(list.getByText(/Read only/)).toBeVisible();
  await expect(list.getByText(/Never used/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Another tool, with the token and nothing else.
  const tool = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const read = await tool.get('/api/properties', { headers: { authorization: `Bearer ${token}` } });
  expect(read.status()).toBe(200);
  expect((await read.json()).map((p: { name: string }) => p.name)).toEqual(['Harbor View Offices']);
  expect(read.headers()['ratelimit-limit']).toBe('120');

  await page.reload();
  await expect(page.getByLabel('API token', { exact: true })).toHaveCount(0);
  await expect(list.getByText(/Last used/)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Token' }).click();
  await expect(page.getByText('No API tokens yet. Create one below when another tool needs to reach your records.')).toBeVisible();
  const refused = await tool.get('/api/properties', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await tool.dispose();
});
