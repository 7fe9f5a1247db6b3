import { expect, expectAccessible, expectToast, mailsTo, test } from './fixtures';

test('a person updates the profile and time zone, and it stays after a reload', async ({ signedInPage: page, account }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(account.fullName);
  await expectAccessible(page);

  await page.getByLabel('Full name').fill('A');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();

  await page.getByLabel('Full name').fill('Robin Fischer-Lang');
  await page.getByLabel('Time zone', { exact: true }).selectOption('Pacific/Auckland');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Profile Updated');

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Robin Fischer-Lang');
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('Pacific/Auckland');
  await expect(page.getByText('Robin Fischer-Lang').first()).toBeVisible();
});

test('a person changes the password; a wrong current password is pointed out', async ({ signedInPage: page, account }) => {
  await page.goto('/settings');
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password').fill('brand-new-pass');
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Confirm password').fill('different-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('Confirm password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password Updated');
  await expect(page.getByLabel('Current password')).toHaveValue('');

  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: 'brand-new-pass' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(200);
});

test('notification switches save at once and keep their state', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  const newFeatures = page.getByRole('switch', { name: /New features/ });
  const reminders = page.getByRole('switch', { name: /Inspection reminders/ });
  await expect(newFeatures).toHaveAttribute('aria-checked', 'false');
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  await newFeatures.click();
  await reminders.click();
  await expect(newFeatures).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await page.request.get('/api/auth/notification-settings')).json()).toMatchObject({
    emailNewFeatures: true,
    emailInspectionReminders: false,
  });
  await page.reload();
  await expect(page.getByRole('switch', { name: /New features/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: /Inspection reminders/ })).toHaveAttribute('aria-checked', 'false');
});

test.describe('with the address confirmed by its link', () => {
  test.use({ confirmAccountBy: 'link' });

  test('a test e-mail shows that mail from this server arrives', async ({ signedInPage: page, account }) => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(page, 'Test email sent', `Check your inbox at ${account.email}.`);
    await expect.poll(() => mailsTo(account.email).map((m) => m.subject)).toContain('Firemark test e-mail');
  });
});
