import { CONFIRMATION_SUBJECT, expect, expectAccessible, expectToast, mailsTo, newAccountData, test } from './fixtures';

test('a visitor signs up, sees the form messages, and lands on the dashboard signed in', async ({ page }) => {
  await page.goto('/auth/signup');
  await expect(page).toHaveTitle('Firemark - Sign Up');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  const account = newAccountData();
  await page.getByLabel('Full name').fill(account.fullName);
  // Messages re-validate as the person types.
  await expect(page.getByText('Full name must be at least 2 characters')).toBeHidden();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Registration Successful', 'Your account has been created.');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();

  // The browser's time zone was recorded at signup.
  await page.goto('/settings');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue(zone);
});

test('signing up with a username that is taken says so and keeps what was typed', async ({ page, account }) => {
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Second Person');
  await page.getByLabel('Email').fill('second.person@example.com');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration failed. This username or email may already be in use.')).toBeVisible();
  await expectToast(page, 'Registration Failed');
  await expect(page.getByText('Username is already taken', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('second.person@example.com');
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('signing up with an address that has an account looks like any sign-up; its owner is told by mail', async ({ page, account }) => {
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(`${account.username}_2`);
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Registration Successful', 'Your account has been created.');
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toContainText(`We sent a link to ${account.email}.`);

  // The owner hears of it; the new account gets no link to confirm the address with.
  await expect
    .poll(() => mailsTo(account.email).map((m) => m.subject))
    .toContain('Someone tried to use your e-mail address on Firemark');
  expect(mailsTo(account.email).filter((m) => m.subject === CONFIRMATION_SUBJECT)).toHaveLength(1);
});
