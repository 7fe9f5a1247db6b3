import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const header = 'Name,Address Line 1,addressLine2,City,State,ZIP,Property Type,Manager Email,Country';

test('a Pro account imports a real spreadsheet export through the dialog', async ({ proPage: page }, testInfo) => {
  // What Excel writes: a byte-order mark, CRLF, quoted commas and line breaks, blank lines at the end.
  const file = testInfo.outputPath('portfolio.csv');
  const rows = [
    header,
    '"Smith, Jones & Co",1 Main St,"Floor 2\r\nRear entrance",Austin,TX,73301,Health Care,a@example.com,us',
    'Depot,5 Rail Way,,Reno,NV,89501,warehouse,b@example.com,',
    ...Array.from({ length: 5 }, (_, i) => `Unit ${i},${i} Long Road,,Dallas,TX,75201,residential,m${i}@example.com,United States`),
  ];
  writeFileSync(file, `\uFEFF${rows.join('\r\n')}\r\n\r\n`);

  await page.goto('/properties');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Template' }).click();
  expect((await download).suggestedFilename()).toBe('property-import-template.csv');

  await dialog.getByLabel('CSV file').setInputFiles(file);
  // Every row is previewed (issue 30, item 11).
  await expect(dialog.getByText('All 7 rows in the file; the list scrolls.')).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(8); // header + 7 rows
  await expect(dialog.getByRole('cell', { name: 'Smith, Jones & Co' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 7 Properties' }).click();
  // SPEC: no toast; the dialog says what was imported.
  await expect(dialog.getByText('Imported 7 properties.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '7 properties' })).toBeVisible();
  // "warehouse" is read as the type people mean by it (issue 30, item 11).
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Depot', exact: true }) })).toContainText('Industrial');
});

test('the dialog names what is wrong and imports nothing', async ({ proPage: page }, testInfo) => {
  await page.goto('/properties');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });

  const notCsv = testInfo.outputPath('list.txt');
  writeFileSync(notCsv, 'hello');
  await dialog.getByLabel('CSV file').setInputFiles(notCsv);
  await expect(dialog.getByText('Please select a CSV file')).toBeVisible();

  const missingColumns = testInfo.outputPath('columns.csv');
  writeFileSync(missingColumns, 'name,city\nA,B\n');
  await dialog.getByLabel('CSV file').setInputFiles(missingColumns);
  await expect(dialog.getByText('Missing required columns: addressLine1, state, zip, propertyType, managerEmail')).toBeVisible();

  const badRows = testInfo.outputPath('rows.csv');
  writeFileSync(badRows, `${header}\nGood,1 St,,Reno,NV,89501,retail,a@example.com,us\nBad,2 St,,,NV,,retail,b@example.com,us\n`);
  await dialog.getByLabel('CSV file').setInputFiles(badRows);
  await expect(dialog.getByText('Row 3: Missing city, zip')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import \d+ Propert/ })).toBeDisabled();
});

test('a free account is stopped in the preview when the file holds more than its plan allows', async ({ signedInPage: page }, testInfo) => {
  const file = testInfo.outputPath('two.csv');
  writeFileSync(file, `${header}\nA,1 St,,Reno,NV,89501,retail,a@example.com,us\nB,2 St,,Reno,NV,89501,retail,b@example.com,us\n`);
  await page.goto('/properties');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Properties from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(file);
  await expect(dialog.getByText('Your free plan has room for 1 more property; this import would add 2.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 Properties' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();
});
