import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, scheduleInspectionViaApi, test } from './fixtures';

/** Issue 10: one way to act and a way back, nothing typed lost, an import that forgives. */

/** A calendar date n days from today (UTC, the suite browser's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const shown = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** What the property's Overview shows of its compliance, as text. */
async function complianceSeen(page: Page, propertyId: number) {
  await page.goto(`/properties/${propertyId}`);
  const panel = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(panel.getByText('Compliance Items')).toBeVisible();
  // Compared whole, so only once every part of the panel has loaded.
  await expect(panel.getByText(/^(Loading|Checking)\b/)).toHaveCount(0);
  return panel.innerText();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Undo from the toast puts a Quick Complete back, compliance item and all', async ({ proPage: page }) => {
      const property = await addProperty(page, { name: 'Undo House' });
      const first = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(0) });
      const done = await page.request.put(`/api/inspections/${first.id}`, {
        data: { status: 'completed', complianceStatus: 'compliant' },
        headers: { origin: origin() },
      });
      const next = (await done.json()).nextDue.inspectionId as number;
      const before = await complianceSeen(page, property.id);

      await page.goto(`/inspections/${next}`);
      await page.getByRole('button', { name: 'Mark as Completed' }).click();
      await expectToast(page, 'Inspection Completed');
      await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Undo' }).click();
      await expectToast(page, 'Undone', 'The inspection is open again, as it was.');
      await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();

      expect(await complianceSeen(page, property.id)).toBe(before);
      await expectAccessible(page);
    });

    test('Reschedule opens the dialog; +7 days counts from the due date', async ({ proPage: page }) => {
      const property = await addProperty(page, { name: 'Dialog Depot' });
      await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(10), assignedTo: 'Rita Reschedule' });
      await page.goto('/inspections');
      await page.getByRole('button', { name: /^Reschedule .*Dialog Depot/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Inspection' });
      await dialog.getByRole('button', { name: /^\+7 days/ }).click();
      await expect(dialog.getByLabel('New date')).toHaveValue(day(17));
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();
      await expectToast(page, 'Inspection Rescheduled', `Now due ${shown(day(17))}.`);
      await expect(page.getByText(shown(day(17))).filter({ visible: true }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });

    test('edits are not lost: leaving a form and closing a dialog ask first', async ({ proPage: page }) => {
      await page.goto('/properties/new');
      await page.getByLabel('Property name').fill('Half Typed Hall');
      await page.getByRole('link', { name: 'Back to Properties' }).click();
      const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(leave).toBeVisible();
      await expectAccessible(page);
      await leave.getByRole('button', { name: 'Stay on this page' }).click();
      await expect(page).toHaveURL(/\/properties\/new$/);
      await expect(page.getByLabel('Property name')).toHaveValue('Half Typed Hall');
      await page.getByRole('link', { name: 'Back to Properties' }).click();
      await leave.getByRole('button', { name: 'Leave this page' }).click();
      await expect(page).toHaveURL(/\/properties$/);

      const property = await addProperty(page, { name: 'Escape Estate' });
      await page.goto(`/properties/${property.id}`);
      await page.getByRole('button', { name: 'Edit Property' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Property' });
      await dialog.getByLabel('Property name').fill('Escape Estate East');
      await page.keyboard.press('Escape');
      const ask = dialog.getByRole('alertdialog', { name: /Discard your changes/ });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByLabel('Property name')).toHaveValue('Escape Estate East');
      await expect(ask).toBeHidden();
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();

      // The support message survives switching the help dialog's tabs, and closing it.
      await page.getByRole('button', { name: 'Help' }).click();
      const help = page.getByRole('dialog', { name: 'Help & Support' });
      await help.getByLabel('Message').fill('The calendar skips a day');
      await help.getByRole('tab', { name: 'FAQ' }).click();
      await help.getByRole('tab', { name: 'Contact' }).click();
      await expect(help.getByLabel('Message')).toHaveValue('The calendar skips a day');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(help.getByLabel('Message')).toHaveValue('The calendar skips a day');
    });

    test('an expired session says so and returns to the page that was open', async ({ signedInPage: page, account }) => {
      const property = await addProperty(page, { name: 'Session Square' });
      await page.goto(`/properties/${property.id}`);
      await expect(page.getByRole('heading', { name: 'Session Square', level: 1 })).toBeVisible();
      await page.context().clearCookies();
      await page.getByRole('tab', { name: 'Reports' }).click();

      await expect(page).toHaveURL(/\/auth\/login\?expired=1&next=/);
      await expect(page.getByText('Your session expired. Sign in again to continue where you were.')).toBeVisible();
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(new RegExp(`/properties/${property.id}\\?tab=reports$`));
      await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    });

    test('a 30-row import with "Property Name" headers skips the two properties already there', async ({ proPage: page }, testInfo) => {
      await addProperty(page, { name: 'Harbor View', addressLine1: '12 Main St.' });
      await addProperty(page, { name: 'Depot', addressLine1: '5 Rail Way' });
      const rows = Array.from({ length: 30 }, (_, i) => `Building ${i + 1},${i + 1} Long Road,Dallas,TX,75201,Residential,m${i}@example.com`);
      rows[4] = 'HARBOR VIEW,12 Main St,Boston,MA,02110,Commercial,a@example.com';
      rows[16] = 'depot,5  Rail Way,Reno,NV,89501,Warehouse,b@example.com';
      const file = testInfo.outputPath('people-wrote-this.csv');
      writeFileSync(file, ['Property Name,Street Address,City,State,Zip Code,Type,Manager Email', ...rows].join('\n'));

      await page.goto('/properties');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles(file);
      const repeated = dialog.getByRole('region', { name: '2 rows are already in your properties' });
      await expect(repeated).toContainText('Row 6: HARBOR VIEW, 12 Main St');
      await expect(repeated).toContainText('Row 18: depot, 5 Rail Way');
      await expect(dialog.getByRole('button', { name: 'Import 28 Properties' })).toBeEnabled();
      await repeated.getByLabel('Import them anyway').check();
      await expect(dialog.getByRole('button', { name: 'Import 30 Properties' })).toBeEnabled();
      await repeated.getByLabel('Import them anyway').uncheck();
      const sideways = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(sideways, 'the dialog scrolls sideways').toBeLessThanOrEqual(0);
      await expectAccessible(page);

      await dialog.getByRole('button', { name: 'Import 28 Properties' }).click();
      await expect(dialog.getByText('Imported 28 properties; skipped 2 rows already in your properties.')).toBeVisible();
      await dialog.getByRole('link', { name: 'See the new properties, newest first' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/properties\?sort=created_desc$/);
      await expect(page.getByRole('heading', { name: '30 properties' })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
}
