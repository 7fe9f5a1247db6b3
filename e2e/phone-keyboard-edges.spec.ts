import { addProperty, expect, expectAccessible, expectToast, scheduleInspectionViaApi, test } from './fixtures';

const today = () => new Date().toISOString().slice(0, 10);

for (const width of [375, 1280]) {
  test(`at ${width} px the property page shows every tab whole`, async ({ signedInPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    const property = await addProperty(page, { name: 'Riverside Lofts' });
    await page.goto(`/properties/${property.id}`);
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Devices', 'Inspections', 'Reports', /^Deficiencies/, 'Share', 'History']);
    for (const tab of await tabs.all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
      // Its words fit inside it: nothing is cut to "Deficien…".
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await tabs.nth(3).click();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  });

  test(`at ${width} px Settings has a menu of its sections that leads to each`, async ({ signedInPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/settings');
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(menu.getByRole('link')).toHaveText([
      'Profile',
      'Password',
      'Notifications',
      'On this device',
      'Organisation',
      'Members',
      'Reminder schedule',
      'Calendar feed',
      'Public tag pages',
      'API tokens',
      'Webhooks',
      'Inspectors',
      'History',
    ]);
    await expect(menu).toBeInViewport();
    // By keyboard: the link moves the page to its section.
    await menu.getByRole('link', { name: 'Webhooks' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings#webhooks$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInViewport();
    if (width === 1280) {
      // Beside the sections, the menu stays in view.
      await expect(menu).toBeInViewport();
    } else {
      await page.getByRole('region', { name: 'Webhooks' }).getByRole('link', { name: 'Back to the settings menu' }).click();
      await expect(menu).toBeInViewport();
    }
    await expectAccessible(page);
  });

  test(`at ${width} px "Complete Inspection" says what it is waiting for`, async ({ proPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    const property = await addProperty(page, { name: 'Beta Clinic' });
    const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: today(), inspectionType: 'sprinkler_system' });
    await page.goto(`/inspections/${inspection.id}`);
    await page.getByRole('button', { name: 'Complete with result' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
    const submit = dialog.getByRole('button', { name: 'Complete Inspection' });
    const why = 'Write the findings: they are required for a non-compliant result.';
    await expect(dialog.getByText(why)).toBeHidden();
    await dialog.getByRole('radio', { name: 'Non-compliant' }).check();
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText(why)).toBeVisible();
    await expect(submit).toHaveAccessibleDescription(why);
    await dialog.getByRole('textbox', { name: /^(Findings|Notes)$/ }).fill('Valve 3 corroded');
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText(why)).toBeHidden();
  });
}

test('Sign in: Tab goes from Username to Password, then to "Forgot password?"', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Username').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeFocused();
});

test('at 1280 px a toast does not cover the button that has the keyboard focus', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/settings');
  const save = page.getByRole('button', { name: 'Save Profile' });
  // Every section drawn, so the page is as long as it will be.
  await expect(page.getByRole('heading', { level: 2, name: 'Inspectors' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The button at the bottom right of the screen, where toasts usually appear.
  const bottomRight = async () => {
    await save.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 24)));
    const box = (await save.boundingBox())!;
    return box.x + box.width > 1280 - 384 && box.y + box.height > 700 - 100;
  };
  await expect.poll(bottomRight).toBe(true);
  await save.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Profile Updated');
  // Back on the button by keyboard while the toast is up (Shift+Tab from the next field).
  await page.getByLabel('Current password').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(save).toBeFocused();
  const toast = (await page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').first().boundingBox())!;
  const after = (await save.boundingBox())!;
  const overlap = toast.x < after.x + after.width && after.x < toast.x + toast.width && toast.y < after.y + after.height && after.y < toast.y + toast.height;
  expect(overlap, 'the toast covers the focused button').toBe(false);
});

for (const width of [375, 1280]) {
  test(`at ${width} px the "Loading Firemark..." screen is a main landmark with a heading`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // Hold the account check, so the loading screen stays.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/login');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Loading Firemark...' })).toBeVisible();
    await expectAccessible(page);
    release();
    await expect(page.getByRole('heading', { name: 'Sign in to Firemark' })).toBeVisible();
  });
}
