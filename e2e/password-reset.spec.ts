import { expect, expectAccessible, mailsTo, test } from './fixtures';

test.describe('with the address confirmed by its link', () => {
  test.use({ confirmAccountBy: 'link' });

  test('a person who forgot the password resets it with the link from the e-mail', async ({ page, account }) => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page);

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check Your Email')).toBeVisible();

    const resetMails = () => mailsTo(account.email).filter((m) => m.subject === 'Reset your Firemark password');
    await expect.poll(() => resetMails().length, { message: 'the reset e-mail arrives' }).toBe(1);
    const mail = resetMails()[0]!;
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/.exec(mail.text)![0];

    await page.goto(link);
    await expect(page.getByLabel('New password')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password').fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
    await page.getByLabel('New password').fill('new-secret-1');
    await page.getByLabel('Confirm password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByText('Password Reset Successful')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Login' }).or(page.getByRole('link', { name: 'Continue to Login' })).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText('Invalid or Expired Link')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});

test('an unknown address gets the same confirmation, and Try Again returns to the form', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody.at.all@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a reset page without a token, or with a made-up one, says the link is not usable', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid Link')).toBeVisible();
  await page.goto('/reset-password?token=made-up-token');
  await expect(page.getByText('Invalid or Expired Link')).toBeVisible();
  await expectAccessible(page);
});
