import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

test('a person adds a webhook, sees its secret once and the webhook listed as active', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/settings');
  await expect(page.getByText('No webhooks yet. Add an address below to start receiving events.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(page.getByText('Enter an https:// address, e.g. https://example.com/firemark')).toBeVisible();
  await expect(page.getByText('Choose at least one event')).toBeVisible();

  await page.getByLabel(/An inspection is completed/).check();
  await page.getByLabel('Address (URL)').fill('http://93.184.215.14/hook');
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(page.getByText('Enter an https:// address, e.g. https://example.com/firemark')).toBeVisible();

  await page.getByLabel('Address (URL)').fill('https://127.0.0.1/hook');
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(page.getByText(/only public addresses are called/)).toBeVisible();

  await page.getByLabel('Address (URL)').fill('https://93.184.215.14/firemark');
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
  const list = page.getByRole('list', { name: 'Webhooks' });
  await expect(list.getByText('https://93.184.215.14/firemark')).toBeVisible();
  await expect(list.getByText('Active')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel('Signing secret')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Webhooks' }).getByText('https://93.184.215.14/firemark')).toBeVisible();
});
