import { readFileSync, writeFileSync } from 'node:fs';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

// Issue 35 §2: "Import inspection history", previewed, all or nothing.

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shown = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('import a history CSV with a preview', async ({ proPage: page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, {
    data: { itemType: 'fire_extinguisher', nextDueDate: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10) },
    headers: { origin: origin() },
  });
  expect(added.status()).toBe(201);
  const recent = daysAgo(40);
  const older = daysAgo(400);

  await page.goto('/properties');
  await page.getByRole('button', { name: 'Import inspection history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import inspection history' });

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download the template' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('inspection-history-template.csv');
  expect(readFileSync(await template.path(), 'utf8')).toContain('property,itemType,activity,performedOn,result,inspector,notes');

  // One row matches; the other names a property the organisation does not have.
  const header = 'Property,Item Type,Activity,Date Performed,Result,Inspector';
  const wrong = testInfo.outputPath('history.csv');
  writeFileSync(wrong, [header, `Harbor View Offices,Extinguishers,annual maintenance,${recent},Pass,Alex Rivera`, `Nowhere House,Extinguishers,,${older},fail,`].join('\r\n'));
  await dialog.getByLabel('CSV file').setInputFiles(wrong);
  await expect(dialog.getByText('2 rows in the file: 1 to record, 1 matches nothing.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /1 row matches nothing/ })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Line 3: / })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 1 inspection' })).toBeDisabled();
  // The matched row says what it will change.
  const matched = dialog.getByRole('row').filter({ hasText: 'Annual maintenance' });
  await expect(matched).toContainText('Harbor View Offices');
  await expect(matched).toContainText(shown(recent));
  await expect(matched).toContainText('Pass');
  await expectAccessible(page);

  // Fixed: the second row is the same property's extinguishers, its activity not stated.
  const fixed = testInfo.outputPath('history-fixed.csv');
  writeFileSync(fixed, [header, `Harbor View Offices,Extinguishers,annual maintenance,${recent},Pass,Alex Rivera`, `"Harbor View Offices, 100 Harbor Way",Fire extinguisher,,${older},failed,`].join('\r\n'));
  await dialog.getByLabel('CSV file').setInputFiles(fixed);
  await expect(dialog.getByText('2 rows in the file: 2 to record.')).toBeVisible();
  await expect(dialog.getByText('Activity not stated')).toBeVisible();

  // Refused at import (a row stopped matching since the preview): the rows the answer names are listed.
  const keys: string[] = [];
  await page.route('**/api/inspection-history/import', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const problem = 'No property matches "Harbor View Offices": write its name as in Firemark, "name, address", or its id';
    await route.fulfill({
      status: 422,
      json: { error: '1 row matches nothing; nothing was imported.', message: '1 row matches nothing; nothing was imported.', rows: [{ line: 2, status: 'unmatched', problem }] },
    });
  });
  await dialog.getByRole('button', { name: 'Import 2 inspections' }).click();
  await expect(dialog.getByText('1 row matches nothing; nothing was imported.')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Line 3: No property matches "Harbor View Offices"/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 inspections' })).toBeDisabled();
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{16,}$/);
  await page.unroute('**/api/inspection-history/import');
  // Chosen again (a copy: a browser says nothing when the very same file is picked twice).
  const again = testInfo.outputPath('history-fixed-again.csv');
  writeFileSync(again, readFileSync(fixed));
  await dialog.getByLabel('CSV file').setInputFiles(again);
  await expect(dialog.getByText('2 rows in the file: 2 to record.')).toBeVisible();
  // On a phone the preview turns into cards, and nothing needs sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(dialog.getByRole('list', { name: 'Rows that match' }).getByRole('listitem')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Import 2 inspections' }).click();
  await expectToast(page, 'Inspection History Imported', '2 inspections recorded; each schedule now counts from its latest.');
  await expect(dialog).toBeHidden();

  // The same file again: every row is already recorded, and nothing is offered to import.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Import inspection history' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(fixed);
  await expect(dialog.getByText('2 rows in the file: 0 to record, 2 already recorded. Nothing is left to import.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '2 rows are already recorded: they are left out' })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Line 2: Already recorded on / })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 0 inspections' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The latest day performed is the annual maintenance's last done.
  await page.getByRole('link', { name: 'Harbor View Offices' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  const annual = page.getByRole('listitem').filter({ has: page.getByText('Annual maintenance', { exact: true }) });
  await expect(annual).toContainText(shown(recent));
});
