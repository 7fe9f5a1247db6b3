import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, newAccountData, test } from './fixtures';
import { detail } from './support/billing-page';

// Issue 30, items 9 to 11: getting started, at a phone's width and a desktop's.

/** Presses Tab until the element has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('at the free limit the main button of Properties leads to the trial and the upgrade, by keyboard', async ({ signedInPage: page }) => {
      await addProperty(page);
      await page.goto('/properties');
      const upgrade = page.getByRole('link', { name: 'Upgrade to Add Properties' });
      await expect(upgrade).toBeVisible();
      await expect(page.getByText('Try Firemark Pro free for 30 days, or upgrade, to add more.')).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      await tabTo(page, upgrade);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/billing$/);
      await expect(page.getByRole('button', { name: 'Start 30-Day Free Trial' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Try Firemark Pro free for 30 days' })).toBeVisible();
    });

    test('signing up through "Start Your Free Trial" starts the 30-day trial at once', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Start Your Free Trial' }).first().click();
      await expect(page).toHaveURL(/\/auth\/signup\?trial=1$/);
      await expect(page.getByRole('heading', { name: 'Start your 30-day free trial' })).toBeVisible();
      await expect(page.getByText('Your 30-day Firemark Pro trial starts as soon as your account is created.')).toBeVisible();
      await expectAccessible(page);

      const account = newAccountData();
      await page.getByLabel('Full name').fill(account.fullName);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expectToast(page, 'Registration Successful', 'Your account has been created and your 30-day Firemark Pro trial has started.');
      await page.goto('/billing');
      await expect(detail(page, 'Plan')).toContainText('Firemark Pro');
      await expect(detail(page, 'Trial ends')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start 30-Day Free Trial' })).toBeHidden();
    });

    test('the CSV preview shows every row and column and what each type became', async ({ proPage: page }, testInfo) => {
      const words = ['Office', 'School', 'Apartment', 'Hospital', 'Warehouse', 'Hotel'];
      const lines = ['Property Name,Street Address,Address 2,City,State,Zip Code,Type,Manager Email,Country,Notes'];
      for (let i = 0; i < 23; i++) {
        const type = i < words.length ? words[i] : i === 22 ? 'Lighthouse' : 'commercial';
        lines.push(`Building ${i + 1},${i + 1} Harbor Way,Suite ${i + 1},Boston,MA,02110,${type},m${i}@example.com,us,keys at desk`);
      }
      const file = testInfo.outputPath('portfolio.csv');
      writeFileSync(file, lines.join('\n'));

      await page.goto('/properties');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles(file);
      await expect(dialog.getByText('All 23 rows in the file; the list scrolls.')).toBeVisible();

      const readings = dialog.getByRole('list', { name: 'How the property types were read' });
      for (const line of ['“Office” → Commercial', '“School” → Education', '“Apartment” → Residential', '“Hospital” → Healthcare', '“Warehouse” → Industrial', '“Hotel” → Residential', '“Lighthouse” → Other (not a type Firemark knows)']) {
        await expect(readings).toContainText(line);
      }
      await expect(dialog.getByText('Not imported (Firemark has no such field): “Notes”.')).toBeVisible();

      if (width >= 640) {
        const table = dialog.getByRole('group', { name: 'Preview table' });
        for (const column of ['Row', 'Name', 'Address line 1', 'Address line 2', 'City', 'State', 'ZIP', 'Type', 'Manager email', 'Country']) {
          await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
        }
        await expect(table.getByRole('row')).toHaveCount(24);
        // The last row is reached by scrolling the table, from the keyboard too.
        const last = table.getByRole('row').filter({ hasText: 'Building 23' });
        await expect(last).not.toBeInViewport();
        await table.focus();
        await page.keyboard.press('End');
        await expect(last).toBeInViewport();
        await expect(last).toContainText('Suite 23');
        await expect(table.getByRole('row').nth(1)).toContainText('Building 1');
        await expect(table.getByRole('row').nth(1)).toContainText('from “Office”');
      } else {
        const cards = dialog.getByRole('list', { name: 'Rows of the file' }).getByRole('listitem');
        await expect(cards).toHaveCount(23);
        await expect(cards.first()).toContainText('Suite 1');
        await expect(cards.first()).toContainText('from “Office”');
        await cards.last().scrollIntoViewIfNeeded();
        await expect(cards.last()).toContainText('Building 23');
        await expect(cards.last()).toContainText('“Lighthouse” not recognised');
      }
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      await dialog.getByRole('button', { name: 'Import 23 Properties' }).click();
      await expect(dialog.getByText('Imported 23 properties.')).toBeVisible();
    });
  });
}

test.describe('a large file at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens its preview at once and every row is reached by scrolling, from the keyboard too', async ({ proPage: page }, testInfo) => {
    const lines = ['name,addressLine1,city,state,zip,propertyType,managerEmail'];
    for (let i = 1; i <= 250; i++) lines.push(`Tower ${i},${i} Long Road,Dallas,TX,75201,Office,m${i}@example.com`);
    const file = testInfo.outputPath('large.csv');
    writeFileSync(file, lines.join('\n'));

    await page.goto('/properties');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect(dialog.getByText('All 250 rows in the file; the list scrolls.')).toBeVisible();
    const table = dialog.getByRole('group', { name: 'Preview table' });
    const last = table.getByRole('row').filter({ hasText: 'Tower 250' });
    await table.focus();
    // Rows are drawn 100 at a time as the list scrolls: End again until the last one is drawn.
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(last).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(last).toContainText('from “Office”');
    await expect(dialog.getByRole('button', { name: /Show more rows/ })).toHaveCount(0);
  });
});
