import {
  CONFIRMATION_SUBJECT,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  expectToast,
  mailsTo,
  newAccountData,
  test,
  waitForConfirmationLink,
} from './fixtures';

const bannerText = (email: string) =>
  `We sent a link to ${email}. Until you confirm it, Firemark sends you no reminders, alerts or reports.`;

// Each of these journeys waits for mail more than once: they get the time of three tests.
test('a person signs up, sees why no mail comes yet, and confirms the address with the link from the e-mail', async ({ page }) => {
  test.slow();
  const account = newAccountData();
  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole('region', { name: 'E-mail confirmation' });
  await expect(banner.getByText('Confirm your e-mail address', { exact: true })).toBeVisible();
  await expect(banner).toContainText(bannerText(account.email));
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(banner.getByRole('button', { name: 'Resend link' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expectToast(page, 'Link sent', `We sent a new confirmation link to ${account.email}. It works for 48 hours.`);
  await expect.poll(() => mailsTo(account.email).filter((m) => m.subject === CONFIRMATION_SUBJECT).length).toBe(2);
  // Only the confirmations: nothing else is sent to an address not yet confirmed.
  expect(mailsTo(account.email).every((m) => m.subject === CONFIRMATION_SUBJECT)).toBe(true);

  const link = await waitForConfirmationLink(account.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Your E-mail', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm E-mail Address' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail Confirmed', level: 1 })).toBeVisible();
  await expect(page.getByText('Your e-mail address is confirmed.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Continue to Firemark' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm E-mail Address' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link', level: 1 })).toBeVisible();
  await expect(page.getByText('The address of the account you are signed in to is confirmed.')).toBeVisible();
});

test('a link opened signed out confirms too; a broken one says how to get a new one', async ({ page, browser }) => {
  test.slow();
  const account = newAccountData();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const signup = await page.request.post('/api/auth/register', { data: account, headers: { origin } });
  expect(signup.status()).toBe(201);
  const link = await waitForConfirmationLink(account.email);

  // Another browser, with no session: the phone the mail was read on, say.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const phone = await elsewhere.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto('/confirm-email?token=made-up-token');
    await phone.getByRole('button', { name: 'Confirm E-mail Address' }).click();
    await expect(phone.getByRole('heading', { name: 'Invalid or Expired Link', level: 1 })).toBeVisible();
    await expect(phone.getByText('Sign in, then choose Resend link at the top of the page.')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectNoSidewaysScroll(phone);
    await expectAccessible(phone);

    await phone.goto(link);
    await phone.getByRole('button', { name: 'Confirm E-mail Address' }).click();
    await expect(phone.getByRole('heading', { name: 'E-mail Confirmed', level: 1 })).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Continue to Login' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // The signed-in browser sees no banner after its next page load.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);
});

test('a new address in Settings is marked Not confirmed, holds back test mail, and is confirmed by its own link', async ({
  signedInPage: page,
}) => {
  test.slow();
  const newEmail = newAccountData().email;
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);
  await expect(page.getByText('Not confirmed', { exact: true })).toHaveCount(0);

  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Profile Updated', `Your profile has been updated. We sent a confirmation link to ${newEmail}.`);
  const banner = page.getByRole('region', { name: 'E-mail confirmation' });
  await expect(banner).toContainText(bannerText(newEmail));
  await expect(page.getByText('Not confirmed', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expectToast(page, 'Email test failed');
  await expect(page.getByText(/^Confirm your e-mail address first: open the link we sent to/).first()).toBeVisible();

  await page.goto('/dashboard');
  await banner.getByRole('link', { name: 'Change address' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await page.goto(await waitForConfirmationLink(newEmail));
  await page.getByRole('button', { name: 'Confirm E-mail Address' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail Confirmed', level: 1 })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(page.getByText('Not confirmed', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);
});
