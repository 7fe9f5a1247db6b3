import { writeFileSync } from 'node:fs';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

/** Issue 32 §1: devices added several at once, and from a CSV file with a preview, on a phone. */

test('on a phone, eight extinguishers are added at once, each with its own tag', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${property.id}?tab=devices`);
  const devices = page.getByRole('region', { name: 'Devices' });
  await devices.getByRole('button', { name: 'Add several' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Add several devices' });
  await dialog.getByRole('button', { name: 'Add Devices' }).click();
  // Nothing typed: each field says what it needs, before anything is sent.
  await expect(dialog.getByText('Enter how many, at least 1')).toBeVisible();
  await expect(dialog.getByText('Choose the safety item')).toBeVisible();
  await dialog.getByLabel('How many').fill('8');
  await dialog.getByLabel('Safety item').selectOption('fire_extinguisher');
  await dialog.getByLabel('Subtype (optional)').selectOption({ label: 'Dry chemical, stored pressure (steel, brass or aluminium shell)' });
  await dialog.getByLabel('Size or rating (optional)').fill('5 lb');
  await dialog.getByLabel('Floor (optional)').fill('3');
  await dialog.getByLabel('Month of manufacture (optional)').fill('2020-05');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Devices' }).click();
  await expectToast(page, 'Devices Added', '8 devices of Fire Extinguishers on floor 3, each with its own tag. Print their labels from the Devices list.');

  const listed = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as { tag: string; subtype: string; manufacturedOn: string }[];
  expect(listed).toHaveLength(8);
  expect(new Set(listed.map((d) => d.tag)).size).toBe(8);
  expect(listed.every((d) => d.subtype === 'dry_chemical' && d.manufacturedOn === '2020-05')).toBe(true);
  await expect(devices.getByRole('heading', { name: 'Fire Extinguishers (8)' })).toBeVisible();
});

test('on a phone, a CSV file is previewed row by row, refused while a row has a problem, and imported whole once fixed', async ({ proPage: page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const property = await addProperty(page, { name: 'Maple Street Apartments' });
  await page.goto(`/properties/${property.id}?tab=devices`);
  const devices = page.getByRole('region', { name: 'Devices' });
  await devices.getByRole('button', { name: 'Import devices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import devices' });

  const header = 'Device Type,Agent,Size,Bldg,Level,Where,Serial #,Mfg Date,Last serviced by';
  const bad = testInfo.outputPath('bad.csv');
  writeFileSync(bad, `${header}\nFire extinguisher,ABC,5 lb,Main,3,By stair B,SN-1,Apr 2019,Acme\nExtinguisher,CO2,10 lb,Main,B,Boiler room,SN-1,2019,Acme\nExit light,,,Main,1,Front door,,,\n`);
  await dialog.getByLabel('CSV file').setInputFiles(bad);
  await expect(dialog.getByText('3 rows: 2 ready, 1 with problems.')).toBeVisible();
  await expect(dialog.getByText('Not imported (Firemark has no such field): “Last serviced by”.')).toBeVisible();
  // Only the row with problems is shown at first, with each problem in words.
  await expect(dialog.getByText('Manufactured: “2019” is not a month and year; write it as 2019-04, 04/2019 or Apr 2019')).toBeVisible();
  await expect(dialog.getByText('Fix the 1 row with problems in the file and choose it again.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const duplicate = testInfo.outputPath('duplicate.csv');
  writeFileSync(duplicate, `${header}\nFire extinguisher,ABC,5 lb,Main,3,By stair B,SN-1,Apr 2019,Acme\nExtinguisher,CO2,10 lb,Main,B,Boiler room,sn 1,2019-11,Acme\n`);
  await dialog.getByLabel('CSV file').setInputFiles(duplicate);
  await expect(dialog.getByText('2 rows: 1 ready, 1 duplicate (same tag or serial number as an earlier row or a device you have).')).toBeVisible();
  await expect(dialog.getByText('Serial number sn 1 is also on row 2')).toBeVisible();

  const good = testInfo.outputPath('good.csv');
  writeFileSync(good, `${header}\nFire extinguisher,ABC,5 lb,Main,3,By stair B,SN-1,Apr 2019,Acme\nExtinguisher,CO2,10 lb,Main,B,Boiler room,SN-2,2019-11,Acme\nExit light,,,Main,1,Front door,,,\n`);
  await dialog.getByLabel('CSV file').setInputFiles(good);
  await expect(dialog.getByText('3 rows: 3 ready.')).toBeVisible();
  await expect(dialog.getByText('Made on import')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Import 3 Devices' }).click();
  await expect(dialog.getByText('Imported 3 devices.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const listed = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as { itemType: string; subtype: string | null; serialNumber: string | null }[];
  expect(listed.map((d) => [d.itemType, d.subtype, d.serialNumber]).sort()).toEqual([
    ['emergency_exits', null, null],
    ['fire_extinguisher', 'co2', 'SN-2'],
    ['fire_extinguisher', 'dry_chemical', 'SN-1'],
  ]);
  await expect(devices.getByRole('heading', { name: 'Fire Extinguishers (2)' })).toBeVisible();
});
