import { expect, expectAccessible, test } from './fixtures';

test('the desktop shell: sidebar with the current page highlighted, user, and every section', async ({ signedInPage: page, account }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'Properties', 'Inspections', 'Reports', 'Insight', 'Billing', 'Settings']) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(account.fullName).first()).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();
  await expectAccessible(page);

  await sidebar.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Firemark - Reports');

  // The icon buttons name themselves in a label on hover; Escape hides it.
  await page.getByRole('button', { name: 'Help' }).hover();
  await expect(page.getByText('Get help', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Get help', { exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help & Support' });
  await expect(help).toBeVisible();
  await help.getByRole('tab', { name: 'FAQ' }).click();
  await help.getByText('Is there a property limit on the free plan?').click();
  await expect(help.getByText(/1 property/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Exact: the Reports page has its own 'Search reports' box.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).or(page.getByRole('textbox', { name: 'Search', exact: true })).fill('Harbor');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/properties\?q=Harbor$/);
});

test('on a phone: no sidebar, a bottom tab bar, and a slide-in menu', async ({ signedInPage: page, account }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  for (const name of ['Dashboard', 'Properties', 'Inspections', 'Reports', 'Profile']) {
    await expect(tabs.getByRole('link', { name })).toBeVisible();
  }
  await tabs.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // The menu closes on Escape and gives focus back to its button.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  for (const name of ['Dashboard', 'Properties', 'Inspections', 'Reports', 'Insight', 'Billing', 'Settings']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await expect(menu.getByText(account.email)).toBeVisible();
  await menu.getByRole('link', { name: 'Inspections' }).click();
  await expect(page).toHaveURL(/\/inspections$/);
  await expect(menu).toBeHidden();
});

test('the Network offline badge shows while the browser is offline', async ({ signedInPage: page, context }) => {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await expect(page.getByText('Network offline')).toBeHidden();
  await context.setOffline(true);
  await expect(page.getByText('Network offline')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Network offline')).toBeHidden();
});

test('an unknown address shows 404 Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page);
});
