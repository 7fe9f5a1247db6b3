import { expect, expectAccessible, expectToast, test } from './fixtures';

test('wrong credentials show the message and the toast; right ones reach the dashboard', async ({ page, account }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/auth/login');
  await expect(page).toHaveTitle('Firemark - Sign In');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
  await expectToast(page, 'Login Failed', 'Invalid username or password');

  // A visitor's sign-in page downloads none of the signed-in shell's code (decision 021).
  expect(fetched.filter((path) => path.startsWith('/assets/'))).not.toHaveLength(0);
  expect(fetched.filter((path) => /^\/assets\/app-shell-/.test(path))).toEqual([]);

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Login Successful', 'Welcome back!');
  expect(fetched.filter((path) => /^\/assets\/app-shell-/.test(path))).toHaveLength(1);
});

test('a signed-out visitor is sent to sign in and brought back to the page asked for', async ({ page, account }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
});

test('logging out ends the session and shows the toast', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expectToast(page, 'Logged Out', 'You have been logged out successfully.');
  await expect(page).toHaveURL(/\/$/);
  // The session is gone on the server: protected pages ask to sign in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a signed-in visitor opening / goes to the dashboard', async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Firemark - Dashboard');
});
